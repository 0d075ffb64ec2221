/**
 * The consent flow (`/v2/auth/authorize/`): GET shows the page, POST takes the decision and
 * redirects to the app's redirect_uri. Any invalid request gets an error page; we redirect only
 * to a URI registered for the app, and only after re-checking every parameter on POST.
 */
import { findUser, type SandboxContext } from '../context.js';
import { errorPage } from '../../server-kit/http/errors.js';
import { htmlReply, redirectReply, type Reply } from '../../server-kit/http/reply.js';
import type { RequestContext, Route } from '../../server-kit/http/router.js';
import { parseForm } from '../../server-kit/http/body.js';
import { readOwnForm } from '../http/own-form.js';
import { callbackUrl, checkAuthorizeRequest } from './authorize-request.js';
import { renderConsentPage } from './consent-page.js';
import { languageReply, pickPageLanguage } from '../pages/page-language.js';
import { approveConsent } from './tokens.js';

export function consentRoutes(ctx: SandboxContext): Route[] {
  const show = (rc: RequestContext): Reply => {
    const parsed = parseForm(rc.url.search.slice(1));
    if (!parsed.ok) return errorPage(rc.logId, 400, 'Invalid authorization request', parsed.message);
    const check = checkAuthorizeRequest(parsed.value, ctx.config.apps);
    if (!check.ok) return errorPage(rc.logId, 400, check.title, check.message);
    const language = pickPageLanguage(rc.req.headers['accept-language']);
    return languageReply(htmlReply(200, renderConsentPage({ app: check.app, users: ctx.config.users, scopes: check.request.scopes, params: parsed.value, language })), language);
  };

  const decide = async (rc: RequestContext): Promise<Reply> => {
    const submitted = await readOwnForm(rc.req, rc.logId, ctx.urls.baseUrl, 'authorization');
    if (!submitted.ok) return submitted.reply;
    const form = submitted.form;
    const check = checkAuthorizeRequest(form, ctx.config.apps);
    if (!check.ok) return errorPage(rc.logId, 400, check.title, check.message);
    const { request } = check;
    if (form.decision === 'deny') {
      rc.log.info({ client_key: request.client_key }, 'consent denied');
      return redirectReply(callbackUrl(request.redirect_uri, { denied: true, state: request.state }));
    }
    if (form.decision !== 'allow') return errorPage(rc.logId, 400, 'No decision', 'decision must be allow or deny.');
    const user = form.open_id ? findUser(ctx, form.open_id) : undefined;
    if (!user) return errorPage(rc.logId, 400, 'Unknown user', 'Choose one of the sandbox users to sign in as.');
    const code = approveConsent(ctx, {
      client_key: request.client_key,
      open_id: user.open_id,
      scopes: request.scopes,
      redirect_uri: request.redirect_uri,
      code_challenge: request.code_challenge,
    });
    rc.log.info({ client_key: request.client_key, open_id: user.open_id }, 'consent approved');
    return redirectReply(callbackUrl(request.redirect_uri, { code, scopes: request.scopes, state: request.state }));
  };

  return [
    { method: 'GET', path: '/v2/auth/authorize/', handler: show, errorShape: 'html' },
    { method: 'POST', path: '/v2/auth/authorize/', handler: decide, errorShape: 'html' },
  ];
}
