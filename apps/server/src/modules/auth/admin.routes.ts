import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.ts'
import {
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUserAsAdmin,
  listUsersAsAdmin,
  updateUserAsAdmin,
} from './admin.service.ts'
import { AuthError } from './gotrue-errors.ts'
import { queryParam } from './request-helpers.ts'

/**
 * The admin API (protocol §1.4 "Admin"): user management for the server's own key. Every
 * request needs a bearer JWT signed with the install's key whose `role` is an admin role;
 * the service-role API key is one (supabase-js `auth.admin.*` sends it as the bearer).
 */
const ADMIN_ROLES = ['service_role', 'supabase_admin']

/** GoTrue's page size default and cap for GET /admin/users. */
const DEFAULT_PER_PAGE = 50
const MAX_PER_PAGE = 1000
const MAX_PAGE = 2_147_483_647

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const Metadata = z.record(z.string(), z.unknown()).nullish()

const AdminUserBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  password: z.string().nullish(),
  email_confirm: z.boolean().nullish(),
  user_metadata: Metadata,
  app_metadata: Metadata,
  ban_duration: z.string().nullish(),
})

const DeleteBody = z.looseObject({ should_soft_delete: z.boolean().nullish() })

/**
 * An `onRequest` hook that lets only admin tokens through: no bearer → 401 `no_authorization`,
 * a bad or expired token → 403 `bad_jwt`, any other role (anon key, users) → 403 `not_admin`.
 */
export function adminOnly(ctx: AuthContext): onRequestAsyncHookHandler {
  return async (request) => {
    const token = /^bearer\s+(\S+)$/i.exec(request.headers.authorization?.trim() ?? '')?.[1]
    if (!token) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token')
    }
    const role = await ctx.signer.verifyRole(token, Math.floor(ctx.now().getTime() / 1000))
    if (!role || !ADMIN_ROLES.includes(role)) {
      throw new AuthError(403, 'not_admin', 'User not allowed')
    }
  }
}

function userIdParam(request: FastifyRequest): string {
  const { userId } = request.params as { userId: string }
  if (!UUID.test(userId)) {
    throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
  }
  return userId
}

/** A positive whole number from the query string, at most `max`; `fallback` when absent. */
function pageParam(request: FastifyRequest, name: string, fallback: number, max: number): number {
  const raw = queryParam(request, name)
  if (raw === undefined || raw === '') {
    return fallback
  }
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new AuthError(
      400,
      'validation_failed',
      `Bad Pagination Parameters: ${name} must be a whole number from 1 to ${max}`,
    )
  }
  return value
}

/**
 * GoTrue's `Link` header: the next page (when there is one) and the last, on the request's own
 * path with the query keys sorted, so `page` comes first (auth-js reads the first `=`).
 */
function paginationLink(requestUrl: string, page: number, perPage: number, total: number) {
  const url = new URL(requestUrl, 'http://localhost')
  const lastPage = Math.max(Math.ceil(total / perPage), 1)
  const pageUrl = (target: number) => {
    url.searchParams.set('page', String(target))
    url.searchParams.sort()
    return `<${url.pathname}${url.search}>`
  }
  const links = page < lastPage ? [`${pageUrl(page + 1)}; rel="next"`] : []
  links.push(`${pageUrl(lastPage)}; rel="last"`)
  return links.join(', ')
}

export function registerAdminRoutes(app: FastifyInstance, ctx: AuthContext) {
  const onRequest = adminOnly(ctx)

  app.get('/admin/users', { onRequest }, async (request, reply) => {
    const page = pageParam(request, 'page', 1, MAX_PAGE)
    const perPage = pageParam(request, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE)
    const listed = await listUsersAsAdmin(ctx, page, perPage)
    reply.header('link', paginationLink(request.url, page, perPage, listed.total))
    reply.header('x-total-count', String(listed.total))
    return { users: listed.users, aud: 'authenticated' }
  })

  app.post('/admin/users', { onRequest }, async (request) =>
    createUserAsAdmin(ctx, AdminUserBody.parse(request.body ?? {})),
  )

  app.get('/admin/users/:userId', { onRequest }, async (request) =>
    getUserAsAdmin(ctx, userIdParam(request)),
  )

  app.put('/admin/users/:userId', { onRequest }, async (request) =>
    updateUserAsAdmin(ctx, userIdParam(request), AdminUserBody.parse(request.body ?? {})),
  )

  app.delete('/admin/users/:userId', { onRequest }, async (request) => {
    const userId = userIdParam(request)
    const body = DeleteBody.parse(request.body ?? {})
    await deleteUserAsAdmin(ctx, userId, body.should_soft_delete === true)
    return {}
  })
}
