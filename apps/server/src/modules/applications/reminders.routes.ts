import { ReminderSettingsSchema } from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { readReminderSettings, updateReminderSettings } from './reminders.service.ts'

/**
 * - GET /api/job-applications/reminder-settings → `{followUpAfterDays}` (7 until set; null: off);
 * - PUT the same body: 1-60 or null, else 400 `validation_failed`.
 */
export function registerReminderSettingsRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.get('/job-applications/reminder-settings', async (request) => {
    const user = await ctx.requireUser(request)
    return readReminderSettings(ctx.db, user.id)
  })

  app.put('/job-applications/reminder-settings', async (request) => {
    const user = await ctx.requireUser(request)
    const body = ReminderSettingsSchema.parse(request.body)
    return updateReminderSettings(ctx.db, user.id, body)
  })
}
