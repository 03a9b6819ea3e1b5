import type { Sandbox } from '../sandbox';
import type { SandboxBusiness, SandboxNumber, SandboxTemplate } from '../world';

type Json = Record<string, unknown>;
type Query = Record<string, string | undefined>;

const DEFAULT_PAGE = 25;
const MAX_PAGE = 250;

/** Keeps only the requested `fields` (plus id), as Graph does. */
function pickFields(object: Json, fields: string | undefined): Json {
  if (!fields) return object;
  const wanted = new Set(['id', ...fields.split(',').map((f) => f.trim())]);
  return Object.fromEntries(Object.entries(object).filter(([key]) => wanted.has(key)));
}

function numberView(number: SandboxNumber): Json {
  return {
    id: number.id,
    display_phone_number: number.displayPhoneNumber,
    verified_name: number.verifiedName,
    code_verification_status: 'VERIFIED',
    name_status: 'APPROVED',
    quality_rating: 'GREEN',
    status: 'CONNECTED',
    platform_type: 'CLOUD_API',
    throughput: { level: 'STANDARD' },
    whatsapp_business_manager_messaging_limit: 'TIER_2K',
    health_status: { can_send_message: 'AVAILABLE', entities: [{ entity_type: 'PHONE_NUMBER', id: number.id, can_send_message: 'AVAILABLE' }] },
  };
}

export function getPhoneNumber(number: SandboxNumber, query: Query): Json {
  return pickFields(numberView(number), query.fields ?? 'display_phone_number,verified_name,quality_rating,code_verification_status,platform_type,throughput');
}

export function getBusinessAccount(business: SandboxBusiness, query: Query): Json {
  return pickFields(
    {
      id: business.wabaId,
      name: business.name,
      status: 'ACTIVE',
      currency: 'AED',
      country: 'AE',
      timezone_id: '79',
      message_template_namespace: `sandbox_${business.key}`,
      business_verification_status: 'verified',
    },
    query.fields ?? 'name,currency,timezone_id,message_template_namespace',
  );
}

export function listPhoneNumbers(business: SandboxBusiness, query: Query): Json {
  return { data: [...business.numbers.values()].map((n) => pickFields(numberView(n), query.fields)), paging: { cursors: { before: 'QVFI', after: 'QVFI' } } };
}

/**
 * GET /{waba}/message_templates with Graph's cursor paging: `next` only when more pages follow,
 * honouring fields, limit, after, status, name, category and language.
 */
export function listTemplates(business: SandboxBusiness, query: Query, selfUrl: URL): Json {
  const filtered = business.templates.filter(
    (t) =>
      (!query.status || t.status === query.status.toUpperCase()) &&
      (!query.name || t.name.includes(query.name)) &&
      (!query.category || t.category === query.category.toUpperCase()) &&
      (!query.language || t.language === query.language),
  );
  const limit = Math.min(Math.max(Number(query.limit) || DEFAULT_PAGE, 1), MAX_PAGE);
  const start = query.after ? decodeCursor(query.after) : 0;
  const page = filtered.slice(start, start + limit);
  const paging: Json = { cursors: { before: encodeCursor(start), after: encodeCursor(start + page.length) } };
  if (start + limit < filtered.length) {
    const next = new URL(selfUrl);
    next.searchParams.set('after', encodeCursor(start + limit));
    next.searchParams.delete('appsecret_proof');
    paging.next = next.toString();
  }
  return { data: page.map((t) => pickFields(templateView(t), query.fields)), paging };
}

export function templateView(template: SandboxTemplate): Json {
  return {
    id: template.id,
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    parameter_format: 'POSITIONAL',
    components: template.components,
    ...(template.rejected_reason ? { rejected_reason: template.rejected_reason } : {}),
  };
}

/** POST /{waba}/message_templates: created PENDING; the sandbox's reviewer approves it shortly after. */
export function createTemplate(sandbox: Sandbox, business: SandboxBusiness, body: unknown): Json {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Json;
  const template: SandboxTemplate = {
    id: sandbox.world.newId(),
    name: String(input.name ?? ''),
    language: String(input.language ?? 'en'),
    category: input.category === 'UTILITY' || input.category === 'AUTHENTICATION' ? input.category : 'MARKETING',
    status: 'PENDING',
    components: Array.isArray(input.components) ? (input.components as SandboxTemplate['components']) : [],
  };
  business.templates.push(template);
  sandbox.timeline.after(
    sandbox.jitter(20_000),
    () => void sandbox.setTemplateStatus(business, template.name, template.language, 'APPROVED'),
    () => undefined,
  );
  return { id: template.id, status: template.status, category: template.category };
}

export function deleteTemplate(business: SandboxBusiness, query: Query): Json {
  business.templates = business.templates.filter((t) => t.name !== query.name);
  return { success: true };
}

export function subscribedApps(method: string): Json {
  if (method !== 'GET') return { success: true };
  return { data: [{ whatsapp_business_api_data: { id: '1000000000001', name: 'Parley', link: 'https://parley.dev' } }] };
}

export function debugToken(query: Query): Json {
  return {
    data: {
      app_id: '1000000000001',
      type: 'SYSTEM_USER',
      application: 'Parley',
      is_valid: Boolean(query.input_token),
      expires_at: 0,
      scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
    },
  };
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): number {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : 0;
}
