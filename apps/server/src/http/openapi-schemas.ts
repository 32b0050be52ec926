// Schema rewrites of the OpenAPI document. A zod discriminated union becomes `anyOf`/`oneOf` of objects
// whose tag property is a distinct constant (a one-value enum once @fastify/swagger wrote it); OpenAPI says so with `oneOf` and a `discriminator`, which
// generated clients (openapi-typescript) and viewers use to tell the members apart.

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/** A schema's one allowed text: `const`, or a one-value `enum` (how @fastify/swagger writes a const). */
function constantOf(schema: Node): string | null {
  if (typeof schema.const === 'string') return schema.const;
  const { enum: values } = schema;
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string' ? values[0] : null;
}

/** The property every member tags itself with a distinct constant (required), or null. */
function tagOf(members: unknown[]): string | null {
  if (members.length < 2 || !members.every(isNode)) return null;
  const [first] = members as Node[];
  const candidates = Object.keys((first?.properties as Node | undefined) ?? {});
  for (const name of candidates) {
    const values = (members as Node[]).map((member) => {
      const property = (member.properties as Node | undefined)?.[name];
      const isRequired = Array.isArray(member.required) && member.required.includes(name);
      return isRequired && isNode(property) ? constantOf(property) : null;
    });
    if (values.every((value) => value !== null) && new Set(values).size === values.length) return name;
  }
  return null;
}

const pascal = (text: string) =>
  (text.match(/[A-Za-z0-9]+/g) ?? []).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');

/**
 * Makes every union of tagged objects in the document a discriminated `oneOf`, in place: its members
 * become named schemas (`<OperationId><Tag value>`, e.g. RuntimeV1ResolveReceipt; a member met again in
 * another operation keeps its first name), referenced with a discriminator mapping each tag value.
 */
export function addDiscriminators(document: {
  paths?: Record<string, Record<string, { operationId?: string }>>;
  components?: Record<string, unknown>;
}): void {
  document.components ??= {};
  const components = document.components as Node;
  components.schemas ??= {};
  const schemas = components.schemas as Node;
  const nameOfText = new Map<string, string>();
  const nameMember = (member: Node, prefix: string, value: string): string => {
    const text = JSON.stringify(member);
    const known = nameOfText.get(text);
    if (known) return known;
    let name = `${prefix}${pascal(value)}`;
    for (let suffix = 2; name in schemas; suffix++) name = `${prefix}${pascal(value)}${suffix}`;
    schemas[name] = member;
    nameOfText.set(text, name);
    return name;
  };
  const visit = (node: unknown, prefix: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, prefix);
      return;
    }
    if (!isNode(node)) return;
    // Inner unions first: a member is named once its own unions are references.
    for (const value of Object.values(node)) visit(value, prefix);
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const members = node[keyword];
      if (!Array.isArray(members) || node.discriminator !== undefined) continue;
      const tag = tagOf(members);
      if (tag === null) continue;
      const mapping: Record<string, string> = {};
      const references = (members as Node[]).map((member) => {
        const value = constantOf((member.properties as Node)[tag] as Node) as string;
        const reference = `#/components/schemas/${nameMember(member, prefix, value)}`;
        mapping[value] = reference;
        return { $ref: reference };
      });
      delete node[keyword];
      node.oneOf = references;
      node.discriminator = { propertyName: tag, mapping };
    }
  };
  for (const operations of Object.values(document.paths ?? {}))
    for (const operation of Object.values(operations)) visit(operation, pascal(operation.operationId ?? ''));
}
