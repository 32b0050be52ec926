import { readFileSync } from 'node:fs';

// A reader for the subset of Prisma's schema language this project uses, so a test can
// compare schema.prisma with what the hand-written SQL migrations really create.

export interface SchemaField {
  name: string;
  column: string;
  type: string;
  isList: boolean;
  isOptional: boolean;
  isId: boolean;
  isUnique: boolean;
  defaultValue?: string;
  nativeType?: string;
  /** Set on relation fields that hold the foreign key. */
  relation?: { fields: string[]; references: string[] };
}

export interface SchemaModel {
  name: string;
  table: string;
  fields: SchemaField[];
  primaryKey: string[];
  uniques: string[][];
  indexes: string[][];
}

const attribute = (text: string, name: string): string | undefined => {
  const start = text.indexOf(`${name}(`);
  if (start < 0) return undefined;
  let depth = 0;
  for (let index = start + name.length; index < text.length; index++) {
    if (text[index] === '(') depth++;
    if (text[index] === ')' && --depth === 0) return text.slice(start + name.length + 1, index);
  }
  return undefined;
};

const fieldList = (text: string | undefined): string[] =>
  (text?.match(/\[([^\]]*)\]/)?.[1] ?? '')
    .split(',')
    .map((part) => part.trim().replace(/\(.*\)$/, ''))
    .filter(Boolean);

export function readPrismaSchema(path: string): SchemaModel[] {
  const source = readFileSync(path, 'utf8').replace(/\/\/.*$/gm, '');
  const modelNames = [...source.matchAll(/^model\s+(\w+)/gm)].map((match) => match[1]!);
  const models: SchemaModel[] = [];
  for (const match of source.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const [, name, body] = match as unknown as [string, string, string];
    const model: SchemaModel = { name, table: name, fields: [], primaryKey: [], uniques: [], indexes: [] };
    const columnOf = (field: string) =>
      model.fields.find((candidate) => candidate.name === field)?.column ?? field;
    const blockAttributes: string[] = [];
    for (const rawLine of body.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      if (line.startsWith('@@')) {
        blockAttributes.push(line);
        continue;
      }
      const [fieldName, rawType = '', ...rest] = line.split(/\s+/);
      const attributes = rest.join(' ');
      const type = rawType.replace(/[?[\]]/g, '');
      const relationText = attribute(attributes, '@relation');
      const field: SchemaField = {
        name: fieldName!,
        column: attribute(attributes, '@map')?.replace(/"/g, '') ?? fieldName!,
        type,
        isList: rawType.endsWith('[]'),
        isOptional: rawType.endsWith('?'),
        isId: /@id\b/.test(attributes),
        isUnique: /@unique\b/.test(attributes),
        ...(attribute(attributes, '@default') !== undefined
          ? { defaultValue: attribute(attributes, '@default') }
          : {}),
        ...(attributes.match(/@db\.(\w+)/) ? { nativeType: attributes.match(/@db\.(\w+)/)![1] } : {}),
        ...(relationText?.includes('fields:')
          ? {
              relation: {
                fields: fieldList(relationText.match(/fields:\s*(\[[^\]]*\])/)?.[1]),
                references: fieldList(relationText.match(/references:\s*(\[[^\]]*\])/)?.[1]),
              },
            }
          : {}),
      };
      if (!modelNames.includes(type) || field.relation) model.fields.push(field);
    }
    for (const line of blockAttributes) {
      if (line.startsWith('@@map')) model.table = attribute(line, '@@map')!.replace(/"/g, '');
      if (line.startsWith('@@id')) model.primaryKey = fieldList(attribute(line, '@@id'));
      if (line.startsWith('@@unique')) model.uniques.push(fieldList(attribute(line, '@@unique')));
      if (line.startsWith('@@index')) model.indexes.push(fieldList(attribute(line, '@@index')));
    }
    const idField = model.fields.find((field) => field.isId);
    if (idField) model.primaryKey = [idField.name];
    for (const field of model.fields) if (field.isUnique) model.uniques.push([field.name]);
    model.primaryKey = model.primaryKey.map(columnOf);
    model.uniques = model.uniques.map((fields) => fields.map(columnOf));
    model.indexes = model.indexes.map((fields) => fields.map(columnOf));
    models.push(model);
  }
  return models;
}
