import { TRPCError } from '@trpc/server'
import { desc, eq } from 'drizzle-orm'
import type { ContactMessage } from '../../src/schemas/contact'
import type { Db } from '../db/client'
import { contactMessages } from '../db/schema'
import { iso } from './rows'

type Row = typeof contactMessages.$inferSelect

function toMessage(row: Row): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

export async function sendMessage(
  db: Db,
  data: { name: string; email: string; message: string },
): Promise<ContactMessage> {
  const [row] = await db.insert(contactMessages).values(data).returning()
  if (!row) throw new Error('insert returned no row')
  return toMessage(row)
}

export async function listMessages(db: Db): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.created_at), desc(contactMessages.id))
  return rows.map(toMessage)
}

export async function deleteMessage(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id })
  if (deleted.length === 0) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Message not found.' })
  }
}
