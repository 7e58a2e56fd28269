import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PageTemplate } from '@shared/templates';
import type { Table } from './table';

/** Page templates: PK `TEMPLATE`, SK `<template_type>`. */
const PK = 'TEMPLATE';

export interface PageTemplateData {
  /** Writes (or overwrites) every given template; returns how many were written. */
  putAll(templates: readonly PageTemplate[], now: Date): Promise<number>;
  /** All templates, ordered by template_type. */
  list(): Promise<(PageTemplate & { created_at: string; updated_at: string })[]>;
}

export function pageTemplateData(table: Table): PageTemplateData {
  return {
    async putAll(templates, now) {
      const stamp = now.toISOString();
      for (let i = 0; i < templates.length; i += 25) {
        const chunk = templates.slice(i, i + 25);
        let pending: Record<string, unknown>[] | undefined = chunk.map((t) => ({
          PutRequest: { Item: { PK, SK: t.template_type, ...t, created_at: stamp, updated_at: stamp } },
        }));
        for (let attempt = 0; pending?.length && attempt < 5; attempt++) {
          const out = await table.doc.send(
            new BatchWriteCommand({ RequestItems: { [table.name]: pending as never } }),
          );
          pending = out.UnprocessedItems?.[table.name] as Record<string, unknown>[] | undefined;
        }
        if (pending?.length) throw new Error(`Could not write ${pending.length} page templates`);
      }
      return templates.length;
    },
    async list() {
      const out = await table.doc.send(
        new QueryCommand({
          TableName: table.name,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': PK },
        }),
      );
      return (out.Items ?? []).map(
        ({ PK: _pk, SK: _sk, ...rest }) => rest as PageTemplate & { created_at: string; updated_at: string },
      );
    },
  };
}
