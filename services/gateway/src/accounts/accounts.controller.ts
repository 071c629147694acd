import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { ClientInfo } from '@pencraft/contracts/identity/v1/identity';
import { AppError, pickLang } from '@pencraft/errors';
import { CONFIG } from '@pencraft/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { Doc } from '../docs/doc.decorator.js';
import { clearSessionCookie, CSRF_COOKIE, SESSION_COOKIE, setCsrfCookie, setSessionCookie } from '../http/cookies.js';
import { issueCsrfToken, isValidCsrfToken } from '../http/csrf.js';
import { parseInput } from '../http/validation.js';
import { IDENTITY, type IdentityClient } from '../upstreams/upstreams.js';
import { CsrfToken, LoginBody, RegisterBody, toUserInfo, UserInfo } from './auth.dto.js';
import { SessionGuard } from './current-user.js';
import { SessionService } from './session.service.js';

function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    lang: pickLang(request.headers['accept-language']),
  };
}

@Controller('api')
export class AuthController {
  constructor(
    @Inject(CONFIG) private readonly config: GatewayConfig,
    @Inject(IDENTITY) private readonly identity: IdentityClient,
    private readonly sessions: SessionService,
  ) {}

  @Get('csrf')
  @Doc({
    tag: 'auth',
    summary: 'The CSRF token to echo in X-CSRF-Token (also set as the pc_csrf cookie)',
    response: CsrfToken,
  })
  csrf(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const current = request.cookies[CSRF_COOKIE];
    if (isValidCsrfToken(this.config.CSRF_SECRET, current)) return { token: current! };
    const token = issueCsrfToken(this.config.CSRF_SECRET);
    setCsrfCookie(reply, this.config, token);
    return { token };
  }

  @Post('id/register')
  @HttpCode(201)
  @Doc({
    tag: 'auth',
    summary: 'Create an account and sign in (sets pc_su)',
    body: RegisterBody,
    response: UserInfo,
    status: 201,
    errors: [
      'InvalidEmail',
      'InvalidUsername',
      'InvalidFullname',
      'InvalidPassword',
      'AgreementsNotAccepted',
      'EmailAlreadyExists',
      'UsernameAlreadyExists',
    ],
  })
  async register(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const input = parseInput(RegisterBody, body, {
      acceptTerms: 'AgreementsNotAccepted',
      acceptPrivacy: 'AgreementsNotAccepted',
    });
    const result = await this.identity.register({ ...input, client: clientInfo(request) });
    setSessionCookie(reply, this.config, result.sessionToken, result.expiresAtMs);
    return toUserInfo(result.user!);
  }

  @Post('id/auth/login')
  @HttpCode(200)
  @Doc({
    tag: 'auth',
    summary: 'Sign in with an email or username and a password (sets pc_su)',
    body: LoginBody,
    response: UserInfo,
    errors: ['IncorrectEmailOrPassword'],
  })
  async login(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const input = parseInput(LoginBody, body, {
      login: 'IncorrectEmailOrPassword',
      password: 'IncorrectEmailOrPassword',
    });
    const result = await this.identity.login({ ...input, client: clientInfo(request) });
    setSessionCookie(reply, this.config, result.sessionToken, result.expiresAtMs);
    return toUserInfo(result.user!);
  }

  @Post('id/out')
  @HttpCode(204)
  @Doc({ tag: 'auth', summary: 'Sign out: ends the session and clears pc_su', status: 204 })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      await this.sessions.forget(token);
      await this.identity.logout({ sessionToken: token });
    }
    clearSessionCookie(reply, this.config);
  }

  @Get('users/info')
  @UseGuards(SessionGuard)
  @Doc({
    tag: 'auth',
    summary: 'The signed-in user summary read at page load',
    response: UserInfo,
    auth: 'required',
    errors: ['Unauthorized'],
  })
  info(@Req() request: FastifyRequest) {
    if (!request.user) throw new AppError('Unauthorized');
    return toUserInfo(request.user);
  }
}
