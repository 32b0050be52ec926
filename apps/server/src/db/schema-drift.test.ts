import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readPrismaSchema, type SchemaField } from '../../test/prisma-schema.ts';
import { REPO_ROOT } from '../settings.ts';
import { withDatabase } from './embedded.ts';

// toolchain: migrations are hand-written SQL, so this test guards against drift from schema.prisma.
const models = readPrismaSchema(resolve(REPO_ROOT, 'prisma/schema.prisma'));

const SQL_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  Float: 'double precision',
  Json: 'jsonb',
  DateTime: 'timestamp without time zone',
};

function expectedType(field: SchemaField): string {
  if (field.isList) return 'ARRAY';
  if (field.type === 'DateTime' && field.nativeType === 'Timestamptz') return 'timestamp with time zone';
  if (field.nativeType === 'VarChar') return 'character varying';
  return SQL_TYPES[field.type] ?? `unknown Prisma type ${field.type}`;
}

describe('migrations match schema.prisma', () => {
  let client: pg.Client;
  beforeAll(async () => {
    // The run's template: an empty database migrated from nothing, as `npm start` does on a fresh machine.
    client = new pg.Client({
      connectionString: withDatabase(inject('adminUrl'), inject('templateDatabase')),
    });
    await client.connect();
  });
  afterAll(() => client.end());

  const columns = async (table: string) =>
    (
      await client.query<{
        column_name: string;
        data_type: string;
        is_nullable: string;
        column_default: string | null;
      }>(
        'SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
        [table],
      )
    ).rows;

  /** Column lists of the table's indexes, unique ones and all, in index order. */
  const indexColumns = async (table: string, onlyUnique: boolean, withPrimary = false) =>
    (
      await client.query<{ columns: string[] }>(
        `SELECT array_agg(a.attname::text ORDER BY k.ordinality) AS columns
           FROM pg_index i
           JOIN pg_class t ON t.oid = i.indrelid
           CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
           JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
          WHERE t.relname = $1 AND ($2::boolean = false OR i.indisunique) AND ($3::boolean OR NOT i.indisprimary)
          GROUP BY i.indexrelid`,
        [table, onlyUnique, withPrimary],
      )
    ).rows.map((row) => row.columns);

  it('has a table for every model and no table the schema does not declare', async () => {
    const { rows } = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const tables = rows.map((row) => row.table_name).filter((name) => name !== '_prisma_migrations');
    expect(tables.sort()).toEqual(models.map((model) => model.table).sort());
  });

  for (const model of models) {
    describe(model.name, () => {
      it('has every field with its type, nullability and default', async () => {
        const actual = await columns(model.table);
        const scalarFields = model.fields.filter((field) => !field.relation);
        expect(actual.map((column) => column.column_name).sort()).toEqual(
          scalarFields.map((f) => f.column).sort(),
        );
        for (const field of scalarFields) {
          const column = actual.find((candidate) => candidate.column_name === field.column)!;
          expect({ field: field.name, type: column.data_type }).toEqual({
            field: field.name,
            type: expectedType(field),
          });
          expect({ field: field.name, nullable: column.is_nullable === 'YES' }).toEqual({
            field: field.name,
            nullable: field.isOptional,
          });
          const hasDefault =
            field.defaultValue !== undefined &&
            field.defaultValue !== 'uuid()' &&
            field.defaultValue !== 'cuid()';
          expect({ field: field.name, hasDefault: column.column_default !== null }).toEqual({
            field: field.name,
            hasDefault,
          });
          if (field.defaultValue === 'autoincrement()') expect(column.column_default).toMatch(/^nextval\(/);
          if (field.defaultValue === 'now()')
            expect(column.column_default).toMatch(/CURRENT_TIMESTAMP|now\(\)/);
          if (field.defaultValue?.startsWith('"')) {
            expect(column.column_default).toBe(
              `'${field.defaultValue.slice(1, -1)}'::${column.data_type === 'jsonb' ? 'jsonb' : 'text'}`,
            );
          }
          if (field.defaultValue && /^-?\d+$|^true$|^false$/.test(field.defaultValue)) {
            expect(column.column_default).toBe(field.defaultValue);
          }
        }
      });

      it('has its primary key, unique constraints and indexes', async () => {
        const { rows } = await client.query<{ columns: string[] }>(
          `SELECT array_agg(a.attname::text ORDER BY k.ordinality) AS columns FROM pg_index i
             JOIN pg_class t ON t.oid = i.indrelid
             CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ordinality)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
            WHERE t.relname = $1 AND i.indisprimary GROUP BY i.indexrelid`,
          [model.table],
        );
        expect(rows.map((row) => row.columns)).toEqual([model.primaryKey]);
        const uniques = await indexColumns(model.table, true);
        expect(uniques.sort()).toEqual([...model.uniques].sort());
        const indexes = await indexColumns(model.table, false);
        for (const index of model.indexes) expect(indexes).toContainEqual(index);
      });

      it('has a foreign key, backed by an index, for every relation it holds', async () => {
        const indexes = await indexColumns(model.table, false, true);
        for (const field of model.fields.filter((candidate) => candidate.relation)) {
          const target = models.find((candidate) => candidate.name === field.type)!;
          const fkColumns = field.relation!.fields.map(
            (name) => model.fields.find((candidate) => candidate.name === name)?.column ?? name,
          );
          const { rows } = await client.query<{ columns: string[]; target: string }>(
            `SELECT array_agg(a.attname::text ORDER BY k.ordinality) AS columns, ft.relname AS target
               FROM pg_constraint c
               JOIN pg_class t ON t.oid = c.conrelid
               JOIN pg_class ft ON ft.oid = c.confrelid
               CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ordinality)
               JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
              WHERE c.contype = 'f' AND t.relname = $1 GROUP BY c.oid, ft.relname`,
            [model.table],
          );
          expect(rows).toContainEqual({ columns: fkColumns, target: target.table });
          const isIndexed = indexes.some((index) =>
            fkColumns.every((column, position) => index[position] === column),
          );
          expect({ relation: field.name, isIndexed }).toEqual({ relation: field.name, isIndexed: true });
        }
      });
    });
  }
});
