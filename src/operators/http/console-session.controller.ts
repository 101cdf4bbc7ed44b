import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { answer, Describe, ERROR_ANSWERS, serviceOperation } from '../../http/openapi/describe.decorator';
import { dtoSchema } from '../../http/openapi/dto-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONFIG, type Config } from '../../config';
import { AuthAttemptLimits } from '../../http/auth-limits';
import { validateParams } from '../../http/validation';
import { ApiError, apiError } from '../../shared/api-error';
import { ActiveSession, CONSOLE_SESSION_SECONDS, ConsoleSessions } from '../console-sessions';
import { MintTokenBody, SignInBody } from './console-session.dto';

export const CONSOLE_API_PATH = 'console/api';
export const SESSION_COOKIE = 'console_session';

/** The one cookie this server sets: read by hand rather than adding a cookie plugin for it. */
const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
};

/**
 * The console's own session endpoints (JSON; errors in the API's envelope). The session rides in an HttpOnly,
 * SameSite=Strict cookie scoped to /console; every write it authorises also needs the session's CSRF token in
 * `x-csrf-token` (defence in depth beside SameSite, which older browsers and same-site subdomains do not honour).
 * Everything else the console does goes through the Integration API with a token minted here.
 */
/** The console's own API: cookie sessions, JSON answers, errors in the envelope. */
const CONSOLE_ANSWERS = { '200': answer('OK', 'application/json'), ...ERROR_ANSWERS };

@Controller(CONSOLE_API_PATH)
export class ConsoleSessionController {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly limits: AuthAttemptLimits,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** Guessing is limited per email and per client address (AUTH_LIMITS), as user logins are; only failures count. */
  @Post('sign-in')
  @Describe(serviceOperation('Service', 'Console: sign an operator in (sets the session cookie)', CONSOLE_ANSWERS, { requestBody: { required: true, content: { 'application/json': { schema: dtoSchema(SignInBody) } } } }))
  @HttpCode(200)
  async signIn(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    // JSON only: another site's plain HTML form (urlencoded, no preflight) could otherwise sign a visitor in to the
    // attacker's account (login CSRF). A cross-origin JSON post needs a preflight, which /console never grants.
    if (!/^application\/json\b/i.test(request.headers['content-type'] ?? ''))
      throw apiError(415, 'unsupported-content-type', 'Sign in with a JSON body (content-type: application/json).');
    const { email, password } = validateParams(SignInBody, body, 'body');
    const keys = { account: `operator:${email.trim().toLowerCase()}`, address: request.ip };
    const failed = (error: unknown) => error instanceof ApiError && error.code === 'console-sign-in-failed';
    const { cookie, active } = await this.limits.passwordAttempt(keys, () => this.sessions.signIn(email, password, null), failed);
    void reply.header('set-cookie', this.cookie(request, cookie, CONSOLE_SESSION_SECONDS));
    return { data: await this.sessions.view(active) };
  }

  @Get('session')
  @Describe(serviceOperation('Service', 'Console: the signed-in operator and their marketplaces', CONSOLE_ANSWERS))
  async session(@Req() request: FastifyRequest) {
    return { data: await this.sessions.view(await this.active(request)) };
  }

  @Post('token')
  @Describe(serviceOperation('Service', 'Console: an Integration API token for one marketplace (CSRF header)', CONSOLE_ANSWERS, { requestBody: { required: true, content: { 'application/json': { schema: dtoSchema(MintTokenBody) } } } }))
  @HttpCode(200)
  async token(@Body() body: unknown, @Req() request: FastifyRequest) {
    const active = await this.writer(request);
    const { marketplaceId } = validateParams(MintTokenBody, body, 'body');
    return { data: await this.sessions.mintToken(active, marketplaceId) };
  }

  @Post('sign-out')
  @Describe(serviceOperation('Service', 'Console: end the session', CONSOLE_ANSWERS))
  @HttpCode(204)
  async signOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.signOut(await this.writer(request), null);
    void reply.header('set-cookie', this.cookie(request, '', 0));
  }

  private active(request: FastifyRequest): Promise<ActiveSession> {
    return this.sessions.fromCookie(cookieOf(request, SESSION_COOKIE));
  }

  private async writer(request: FastifyRequest): Promise<ActiveSession> {
    const active = await this.active(request);
    this.sessions.checkCsrf(active, request.headers['x-csrf-token']);
    return active;
  }

  /** Secure whenever the browser reached us over https (directly, through a trusted proxy, or as PUBLIC_BASE_URL says). */
  private cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
    const https = request.protocol === 'https' || (this.config.publicBaseUrl ?? '').startsWith('https:');
    return [`${SESSION_COOKIE}=${encodeURIComponent(value)}`, 'Path=/console', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(https ? ['Secure'] : [])].join('; ');
  }
}
