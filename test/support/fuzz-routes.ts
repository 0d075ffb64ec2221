/**
 * The routes the fuzz cases aim at (fuzz-cases.ts): every route of the web host, of the sandbox's
 * API server and of its upload host, each with its proper request (the right Host, token, content
 * type) and its own ways to be wrong (a missing or wrong token, a body its schema refuses, an
 * unknown id, a Content-Range that breaks the plan).
 */
import { GARBAGE, type FuzzTargets, type Headers, type Proper, type Random, type RouteSpec } from './fuzz-spec.js';

/** YYYYMMDD of `daysAgo` days before today (UTC). */
export const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
/** Body text as is (GARBAGE entries are not JSON, or not the JSON a route wants). */
const raw = (text: string) => Buffer.from(text);
const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());

export function routeSpecs(targets: FuzzTargets): RouteSpec[] {
  return [...webSpecs(targets.web), ...apiSpecs(targets.api), ...uploadSpecs(targets.upload)];
}

function webSpecs(web: FuzzTargets['web']): RouteSpec[] {
  const auth: [string, string] = ['Authorization', `Bearer ${web.token}`];
  const asJson: [string, string] = ['Content-Type', 'application/json'];
  const noToken = (proper: Proper) => (r: Random) => ({
    mutation: 'missing or wrong session token',
    request: { ...proper, headers: [...proper.headers.filter((h) => h !== auth), ...r.pick<Headers>([[], [['Authorization', `Bearer ${web.token}x`]], [['Authorization', `bearer ${web.token}`]], [['Authorization', web.token]], [['Authorization', `Basic ${web.token}`]], [['Cookie', `token=${web.token}`]]])], path: r.next() < 0.3 ? `${proper.path}?token=${web.token}` : proper.path },
  });
  const specs: RouteSpec[] = Object.entries(web.channels).map(([channel, { input }]) => {
    const path = `/api/call/${channel}`;
    const proper: Proper = { method: 'POST', path, headers: [auth, asJson], body: json({}) };
    const own: RouteSpec['own'] = [
      noToken(proper),
      (r) => {
        // A JSON value the contract refuses (the oracle is the contract itself).
        for (;;) {
          const value = r.json();
          if (!input.safeParse(value).success) return { mutation: 'input the contract refuses', request: { ...proper, body: json(value) } };
        }
      },
      (r) => ({ mutation: 'body not JSON', request: { ...proper, body: raw(r.pick(GARBAGE.filter((g) => g.trim() !== '' && g !== 'null' && g !== '[]' && g !== '"text"'))) } }),
      (r) => {
        // A harmless input the contract accepts (for accounts.signIn.cancel), labelled as something other than JSON: must be 415.
        const type = r.pick(['text/plain', 'application/json-seq', 'application/jsonx', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json-patch+json', 'text/json']);
        return { mutation: `Content-Type ${type}`, request: { method: 'POST', path: '/api/call/accounts.signIn.cancel', headers: [auth, ['Content-Type', type]], body: json({ flowId: 'fuzz' }) } };
      },
      () => ({ mutation: 'body over 1 MB', request: { ...proper, body: json({ pad: 'x'.repeat(1024 * 1024 + 10) }) } }),
      (r) => ({ mutation: 'unknown channel', request: { ...proper, path: `/api/call/${r.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', 'app.info/x', 'APP.INFO', 'app.info%2e', `${channel}.x`, '..%2fapp.info'])}` } }),
    ];
    return { target: 'web', route: `POST ${path}`, proper, own: [...own, ...semanticRefusals(channel, proper)] };
  });
  const files: Proper = { method: 'POST', path: '/api/files', headers: [auth, ['Content-Type', 'application/octet-stream']], body: Buffer.alloc(0) };
  const events: Proper = { method: 'GET', path: '/api/events', headers: [auth] };
  specs.push(
    { target: 'web', route: 'POST /api/files', proper: files, own: [noToken(files), () => ({ mutation: 'declared over 4 GB, cut short', request: { ...files, headers: [...files.headers, ['Content-Length', String(5 * 1024 ** 3)]], body: Buffer.alloc(1024) }, halfClose: true })] },
    { target: 'web', route: 'GET /api/events', proper: events, own: [noToken(events)] },
    { target: 'web', route: 'GET /api/…', proper: { method: 'GET', path: '/api/nothing-here', headers: [auth] }, own: [noToken({ method: 'GET', path: '/api/nothing-here', headers: [auth] })] },
  );
  const traversal = (base: string) => (r: Random) => ({ mutation: 'path outside the renderer', request: { method: 'GET', path: `${base}${r.pick(['../README.md', '..%2fREADME.md', '%2e%2e/%2e%2e/README.md', '..\\..\\README.md', '....//....//README.md', '%00/../README.md', '/etc/passwd', '..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd'])}`, headers: [] } });
  specs.push({ target: 'web', route: 'GET /', proper: { method: 'GET', path: '/', headers: [] }, own: [traversal('/')], mayAccept: true }, { target: 'web', route: 'GET /assets/…', proper: { method: 'GET', path: '/assets/', headers: [] }, own: [traversal('/assets/')], mayAccept: true });
  return specs;
}

/** Inputs the contract accepts that the app must still refuse (ok:false): unknown drafts, a path named by the page, repeated ids. */
function semanticRefusals(channel: string, proper: Proper): RouteSpec['own'] {
  const inputs: Record<string, (r: Random) => unknown> = {
    'drafts.pause': (r) => ({ id: r.uuid() }),
    'drafts.resume': (r) => ({ id: r.uuid() }),
    'drafts.cancel': (r) => ({ id: r.uuid() }),
    'drafts.retry': (r) => ({ id: r.uuid() }),
    'drafts.remove': (r) => ({ id: r.uuid() }),
    'drafts.reorder': (r) => {
      const repeated = r.uuid();
      return { ids: [repeated, repeated] };
    },
    'drafts.add': () => ({ openId: 'sbx-user-ava', files: [{ source: { kind: 'path', path: '/etc/passwd' }, name: 'x.mp4', mimeType: 'video/mp4', durationMs: null }] }),
    'profile.setClientSecret': () => ({ secret: 'not-needed-by-the-built-in-sandbox' }),
  };
  const make = inputs[channel];
  return make ? [(r) => ({ mutation: 'input the app must refuse', request: { ...proper, body: json(make(r)) } })] : [];
}

/**
 * Types the media host refuses (415). It hosts videos as well as photos (for video pulls), so
 * video/mp4 is no mistake there; reaching it as one made a 200 count as wrongly accepted.
 */
export const NOT_HOSTED_TYPES = ['text/plain', 'application/json', 'image/svg+xml', 'image/png'] as const;

/** The sandbox's media host (standing in for a partner's file server): PUT and DELETE need the user's token and a plain name. */
function hostedMedia(user: [string, string], wrongBearer: (proper: Proper, other: string) => RouteSpec['own'][number], unknownId: string): RouteSpec[] {
  const badNames = ['..%2fstate.json', '.hidden', '%00x.jpg', 'a'.repeat(200), 'x%2fy.jpg', '-x.jpg'];
  const put: Proper = { method: 'PUT', path: '/sandbox/media/hosted/fuzz.jpg', headers: [user, ['Content-Type', 'image/jpeg']], body: Buffer.from([0xff, 0xd8, 0xff, 0xd9]) };
  const remove: Proper = { method: 'DELETE', path: `/sandbox/media/hosted/${unknownId}.jpg`, headers: [user] };
  const badName = (proper: Proper) => (r: Random) => ({ mutation: 'name the host refuses', request: { ...proper, path: `/sandbox/media/hosted/${r.pick(badNames)}` } });
  return [
    {
      target: 'api',
      route: 'PUT /sandbox/media/hosted/:name',
      proper: put,
      own: [wrongBearer(put, 'act.nope'), badName(put), (r) => ({ mutation: 'not a media type', request: { ...put, headers: [user, ['Content-Type', r.pick(NOT_HOSTED_TYPES)]] } })],
    },
    { target: 'api', route: 'DELETE /sandbox/media/hosted/:name', proper: remove, own: [wrongBearer(remove, 'act.nope'), badName(remove)] },
    {
      target: 'api',
      route: 'GET /sandbox/media/hosted/:app/:name',
      proper: { method: 'GET', path: `/sandbox/media/hosted/${unknownId}/x.jpg`, headers: [] },
      own: [`/sandbox/media/hosted/${unknownId}/x.jpg`, '/sandbox/media/hosted/..%2f..%2fstate.json/x.jpg', '/sandbox/media/hosted/app/..%2fx'].map((path) => () => ({ mutation: 'unknown or unsafe file', request: { method: 'GET', path, headers: [] } })),
    },
    { target: 'api', route: 'GET /sandbox/media/hosted/', proper: { method: 'GET', path: '/sandbox/media/hosted/', headers: [] }, own: [] },
  ];
}

function apiSpecs(api: FuzzTargets['api']): RouteSpec[] {
  const user: [string, string] = ['Authorization', `Bearer ${api.userToken}`];
  const client: [string, string] = ['Authorization', `Bearer ${api.clientToken}`];
  const asJson: [string, string] = ['Content-Type', 'application/json'];
  const asForm: [string, string] = ['Content-Type', 'application/x-www-form-urlencoded'];
  const wrongBearer = (proper: Proper, other: string) => (r: Random) => ({
    mutation: 'missing or wrong token',
    request: { ...proper, headers: [asJson, ...r.pick<Headers>([[], [['Authorization', `Bearer ${other}`]], [['Authorization', 'Bearer act.nope']], [['Authorization', 'Bearer ']], [['Authorization', other]], [['Authorization', `Basic ${other}`]]])] },
  });
  const badBodies = (proper: Proper, bodies: unknown[], garbage = GARBAGE) => (r: Random) => {
    const pick = r.int(garbage.length + bodies.length);
    return { mutation: 'body the route refuses', request: { ...proper, body: pick < garbage.length ? raw(garbage[pick]!) : json(bodies[pick - garbage.length]) } };
  };
  const unknownId = 'fuzz-unknown-0001';
  const unknownPath = (template: string) => template.replace(/:[a-z_]+/g, unknownId);

  const bearer = (path: string, bodies: unknown[]): RouteSpec => {
    const proper: Proper = { method: 'POST', path, headers: [user, asJson], body: json({}) };
    return { target: 'api', route: `POST ${path}`, proper, own: [wrongBearer(proper, api.clientToken), badBodies(proper, bodies), () => ({ mutation: 'body over 256 KB', request: { ...proper, body: json({ pad: 'x'.repeat(300_000) }) } })] };
  };
  const research = (path: string, field: string, validBody: unknown): RouteSpec => {
    const proper: Proper = { method: 'POST', path: `${path}?fields=${field}`, headers: [client, asJson], body: json({}) };
    return {
      target: 'api',
      route: `POST ${path}`,
      proper,
      own: [
        wrongBearer(proper, api.userToken),
        (r) => ({ mutation: 'bad fields', request: { ...proper, path: `${path}${r.pick(['', '?fields=', '?fields=F,,F', '?fields=F,F', '?fields=nope', '?fields=%zz', '?fields=,', '?fields=F,']).replace(/F/g, field)}`, body: json(validBody) } }),
        badBodies(proper, [{ start_date: '2024', end_date: '20240102' }, { max_count: 1000 }, { query: 5 }, { cursor: -1 }]),
      ],
    };
  };
  const formRoute = (path: string, fields: Record<string, string>[]): RouteSpec => {
    const proper: Proper = { method: 'POST', path, headers: [asForm], body: form({}) };
    return {
      target: 'api',
      route: `POST ${path}`,
      proper,
      own: [
        (r) => ({ mutation: 'form the route refuses', request: { ...proper, body: form(r.pick(fields)) } }),
        (r) => ({ mutation: 'not a form', request: { ...proper, headers: [asJson], body: json(r.pick(fields)) } }),
        (r) => ({ mutation: 'repeated parameter', request: { ...proper, body: Buffer.from(`${new URLSearchParams(r.pick(fields)).toString()}&client_key=a&client_key=b`) } }),
      ],
    };
  };
  /** A /sandbox/* JSON route; `pattern`'s parameters are filled with an id nothing has. */
  const sandboxJson = (method: string, pattern: string, bodies: unknown[], fill = unknownPath, garbage = GARBAGE): RouteSpec => {
    const proper: Proper = { method, path: fill(pattern), headers: [asJson], body: json(bodies[0]) };
    return {
      target: 'api',
      route: `${method} ${pattern}`,
      proper,
      own: [badBodies(proper, bodies, garbage), (r) => ({ mutation: 'Content-Type not application/json', request: { ...proper, headers: [['Content-Type', r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json-seq'])]], body: json(r.pick(bodies)) } })],
    };
  };
  const get = (path: string, bad: string[] = []): RouteSpec => ({ target: 'api', route: `GET ${path}`, proper: { method: 'GET', path, headers: [] }, own: bad.map((variant) => () => ({ mutation: 'unknown id or bad query', request: { method: 'GET', path: variant, headers: [] } })) });
  const plan = (video_size: unknown, chunk_size: unknown, total_chunk_count: unknown) => ({ source_info: { source: 'FILE_UPLOAD', video_size, chunk_size, total_chunk_count } });
  const authorize = { client_key: api.clientKey, response_type: 'code', scope: 'user.info.basic', redirect_uri: 'http://127.0.0.1:53682/callback/', state: 's', code_challenge: 'a'.repeat(64), code_challenge_method: 'S256' };
  const brokenAuthorize = () => {
    const broken: Record<string, string>[] = [];
    for (const key of Object.keys(authorize)) {
      const without: Record<string, string> = { ...authorize };
      delete without[key];
      broken.push(without, { ...authorize, [key]: key === 'state' ? 'x'.repeat(2000) : 'bad value' });
    }
    return broken;
  };
  const consentProper: Proper = { method: 'POST', path: '/v2/auth/authorize/', headers: [asForm], body: form({}) };
  const foreignOrigin = (proper: Proper) => (r: Random) => ({ mutation: 'foreign Origin on a form', request: { ...proper, headers: [...proper.headers, ['Origin', r.pick(['https://evil.example', 'null'])] as [string, string]] } });

  const specs: RouteSpec[] = [
    get('/sandbox/clock'),
    sandboxJson('POST', '/sandbox/clock/advance', [{ seconds: -1 }, { seconds: 'x' }, { seconds: 1e12 }, {}, { seconds: null }]),
    get('/sandbox/chaos'),
    sandboxJson('PUT', '/sandbox/chaos', [{}, [{ route: 'bad' }], [{ route: 'GET /', probability: 2, latency_ms: 1 }], [{ route: 'GET /', probability: 1 }], [{ route: 'GET /', probability: 1, status: 500, reset: true }]], unknownPath, GARBAGE.filter((g) => g !== '[]')), // [] is a valid (empty) rule list
    get('/sandbox/users'),
    get('/sandbox/users/:open_id/apps', [unknownPath('/sandbox/users/:open_id/apps')]),
    get('/sandbox/tokens'),
    get('/sandbox/apps/:client_key', [unknownPath('/sandbox/apps/:client_key')]),
    get('/sandbox/limits'),
    get('/v2/auth/authorize/', brokenAuthorize().map((params) => `/v2/auth/authorize/?${new URLSearchParams(params)}`)),
    { target: 'api', route: 'POST /v2/auth/authorize/', proper: consentProper, own: [(r) => ({ mutation: 'consent form the platform refuses', request: { ...consentProper, body: form(r.pick([...brokenAuthorize().map((p) => ({ ...p, open_id: 'sbx-user-ava', decision: 'allow' })), { ...authorize, open_id: 'nobody', decision: 'allow' }, { ...authorize, open_id: 'sbx-user-ava', decision: 'maybe' }, { ...authorize, open_id: 'sbx-user-ava' }])) } }), foreignOrigin({ ...consentProper, body: form({ ...authorize, open_id: 'sbx-user-ava', decision: 'allow' }) })] },
    formRoute('/v2/oauth/token/', [{}, { client_key: api.clientKey, client_secret: 'wrong', grant_type: 'client_credentials' }, { client_key: api.clientKey, grant_type: 'authorization_code', code: 'code.nope', redirect_uri: 'http://127.0.0.1:53682/callback/', code_verifier: 'v'.repeat(43) }, { client_key: 'nope', client_secret: 'x', grant_type: 'refresh_token', refresh_token: 'rft.nope' }, { client_key: api.clientKey, client_secret: 'x', grant_type: 'password' }]),
    formRoute('/v2/oauth/revoke/', [{}, { client_key: api.clientKey, client_secret: 'wrong', token: api.userToken }, { client_key: api.clientKey, token: 'act.nope' }]),
    bearer('/v2/post/publish/inbox/video/init/', [{ source_info: 5 }, plan(0, 0, 0), plan(10 * 2 ** 20, 2 ** 20, 10), plan(2 ** 33, 2 ** 25, 256), plan(100 * 2 ** 20, 2 ** 25, 4), plan('1', '1', '1'), plan(1.5, 1.5, 1), plan(-1, 2 ** 25, 1), { source_info: { source: 'PULL_FROM_URL', video_url: 'https://evil.example/a.mp4' } }]),
    bearer('/v2/post/publish/content/init/', [{ post_mode: 'MEDIA_UPLOAD', media_type: 'PHOTO', post_info: { title: 'x'.repeat(91) }, source_info: { source: 'PULL_FROM_URL', photo_images: [] } }, { media_type: 'VIDEO' }]),
    bearer('/v2/post/publish/status/fetch/', [{ publish_id: unknownId }, { publish_id: 5 }, { publish_id: '' }]),
    get('/sandbox/publishes'),
    get('/sandbox/publishes/:publish_id', [unknownPath('/sandbox/publishes/:publish_id')]),
    sandboxJson('POST', '/sandbox/publishes/:publish_id/post', [{}]),
    get('/sandbox/media/'),
    get('/sandbox/media/:name', ['/sandbox/media/nope.mp4', '/sandbox/media/sample.mp4?bytes=-1', '/sandbox/media/sample.mp4?bytes=abc', `/sandbox/media/sample.mp4?bytes=${2 ** 32 + 2}`, '/sandbox/media/photo-square.jpg?bytes=100', '/sandbox/media/..%2fstate.json']),
    ...hostedMedia(user, wrongBearer, unknownId),
    bearer('/v2/minis/trade_order/create/', [{ token_type: 'GOLD', token_amount: 1, order_info: { order_id: 'x', product_name: 'y' } }, { token_type: 'BEANS', token_amount: 0, order_info: { order_id: 'x', product_name: 'y' } }, { token_type: 'BEANS', token_amount: 1, order_info: { order_id: ' ', product_name: 'y' } }, { token_type: 'BEANS', token_amount: 1, order_info: { order_id: 'x', product_name: 'y', image_url: 'ftp://x' } }]),
    get('/sandbox/pay/:trade_order_id', [unknownPath('/sandbox/pay/:trade_order_id')]),
    { target: 'api', route: 'POST /sandbox/pay/:trade_order_id', proper: { method: 'POST', path: unknownPath('/sandbox/pay/:trade_order_id'), headers: [asForm], body: form({ action: 'pay' }) }, own: [foreignOrigin({ method: 'POST', path: unknownPath('/sandbox/pay/:trade_order_id'), headers: [asForm], body: form({ action: 'pay' }) })] },
    get('/sandbox/orders'),
    get('/sandbox/orders/:trade_order_id', [unknownPath('/sandbox/orders/:trade_order_id')]),
    ...['pay', 'fail', 'cancel'].map((action) => sandboxJson('POST', `/sandbox/orders/:trade_order_id/${action}`, [{}])),
    sandboxJson('POST', '/sandbox/orders/:trade_order_id/refund', [{ refund_amount: 1 }, { refund_amount: -1 }, { refund_amount: 'x' }]),
    get('/sandbox/webhooks', ['/sandbox/webhooks?state=bogus']),
    get('/sandbox/webhooks/settings'),
    sandboxJson('PUT', '/sandbox/webhooks/settings', [{ duplicate_probability: 2 }, { timeout_ms: 1 }, { timeout_ms: 'x' }, { unknown: 1 }]),
    get('/sandbox/apps/:client_key/webhook', [unknownPath('/sandbox/apps/:client_key/webhook')]),
    sandboxJson('PUT', '/sandbox/apps/:client_key/webhook', [{ url: 'ftp://x' }, { url: 5 }, {}, { url: 'http://' }], (pattern) => pattern.replace(':client_key', api.clientKey)),
    { target: 'api', route: 'DELETE /sandbox/apps/:client_key/webhook', proper: { method: 'DELETE', path: unknownPath('/sandbox/apps/:client_key/webhook'), headers: [] }, own: [] },
    // Bodies the operations accept, so only the fields are wrong.
    research('/v2/research/video/query/', 'id', { query: { and: [{ field_name: 'region_code', operation: 'EQ', field_values: ['US'] }] }, start_date: utcDay(10), end_date: utcDay(1) }),
    research('/v2/research/user/info/', 'display_name', { username: api.researchUsername }),
    get('/sandbox/console'),
    // A video's public page (research/public-video-page.ts): a handle without @, an unknown id, a NUL.
    get('/:handle/video/:id', ['/nobody/video/1', '/@nobody/video/7000000000000000000', '/@a%00/video/1', `/@${'a'.repeat(300)}/video/1`]),
  ];
  return specs;
}

function uploadSpecs(upload: FuzzTargets['upload']): RouteSpec[] {
  const path = `/upload/${encodeURIComponent(upload.publishId)}`;
  const size = upload.videoSize;
  const whole = Buffer.alloc(size, 7);
  const proper: Proper = { method: 'PUT', path: `${path}?credential=${upload.credential}`, headers: [['Content-Type', 'video/mp4'], ['Content-Range', `bytes 0-${size - 1}/${size}`]], body: whole };
  return [
    {
      target: 'upload',
      route: 'PUT /upload/:publish_id',
      // The proper request would deliver the file: only mutations that break it are sent.
      proper,
      own: [
        (r) => ({ mutation: 'missing or wrong credential', request: { ...proper, path: r.pick([path, `${path}?credential=upl.nope`, `${path}?credential=`, `${path}?credential=${upload.credential}x`, `/upload/fuzz-unknown?credential=${upload.credential}`]) } }),
        (r) => ({ mutation: 'Content-Range that breaks the plan', request: { ...proper, headers: [['Content-Type', 'video/mp4'], ...r.pick<Headers>([[], [['Content-Range', r.pick(['bytes */*', `bytes 1-${size}/${size}`, `bytes 0-${size - 2}/${size}`, `bytes 0-${size - 1}/${size + 1}`, `bytes 0-${size - 1}/*`, 'bytes=0-1/2', `bytes ${size}-${size * 2 - 1}/${size}`, 'items 0-1/2', `bytes 0-${size - 1}/${size}, 0-1`, `bytes -0-${size - 1}/${size}`])]]])] } }),
        (r) => ({ mutation: 'wrong media type', request: { ...proper, headers: [r.pick<[string, string]>([['Content-Type', 'text/plain'], ['Content-Type', 'video/mp4x'], ['Content-Type', 'application/octet-stream'], ['X-None', '1']]), ['Content-Range', `bytes 0-${size - 1}/${size}`]] } }),
        (r) => ({ mutation: 'body length differs from the range', request: { ...proper, body: whole.subarray(0, r.int(size)) } }),
        (r) => ({ mutation: 'chunk cut short', request: { ...proper, headers: [...proper.headers, ['Content-Length', String(size)]], body: whole.subarray(0, r.int(size)) }, halfClose: true }),
      ],
    },
  ];
}
