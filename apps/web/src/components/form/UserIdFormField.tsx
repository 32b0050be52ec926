import { USER_ID_LABEL, USER_ID_MAX_LENGTH } from '@console/domain/operations';
import { TextFormField } from './TextFormField.tsx';

/** A player's User ID (trimmed, 1-64 characters, the domain's userIdSchema); `userId` in every operations form. */
export function UserIdFormField({ name = 'userId' }: { name?: string }) {
  return <TextFormField name={name} label={USER_ID_LABEL} maxLength={USER_ID_MAX_LENGTH} />;
}
