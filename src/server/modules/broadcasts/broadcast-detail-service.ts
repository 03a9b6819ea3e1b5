import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import type { BroadcastDetail, BroadcastHeader } from '@shared/api/broadcast-detail';
import type { TemplateComponent } from '@shared/api/templates';
import { headerMediaKind } from '@shared/templates/header-media';
import { quickReplyButtons } from '@shared/templates/template-message';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { listAutomationRules } from '../automation';
import { findMediaFile } from '../media';
import { storedAudience } from './broadcast-audience';
import { findAudienceContacts, findStoredComposition, type StoredComposition } from './broadcast-form-repository';
import { getBroadcast } from './broadcasts-service';

/**
 * GET /broadcast/{id}: the broadcast as the list shows it, and its composition as the form needs it
 * again (template id, header, chosen contacts, buttons). Its rules only reach a member who may see
 * automation, as GET /automation/rules does.
 */

async function headerOf(db: Queryable, organizationId: string, stored: StoredComposition): Promise<BroadcastHeader | null> {
  if (stored.headerLink) return { link: stored.headerLink };
  const kind = headerMediaKind(stored.templateComponents);
  if (!stored.headerMediaId || !kind) return null;
  const file = await findMediaFile(db, organizationId, stored.headerMediaId);
  if (!file) return null;
  return { mediaId: file.id, kind, mimeType: file.mimeType, fileName: file.fileName ?? '', sizeBytes: file.sizeBytes ?? 0 };
}

export async function getBroadcastDetail(
  db: Queryable,
  viewer: Pick<AuthContext, 'organizationId' | 'permissions'>,
  broadcastId: string,
): Promise<BroadcastDetail> {
  const { organizationId } = viewer;
  const broadcast = await getBroadcast(db, organizationId, broadcastId);
  const stored = await findStoredComposition(db, organizationId, broadcastId);
  if (!stored) throw notFound(BROADCAST_TEXTS.notFound);
  const audience = storedAudience(stored.audience);
  const components: TemplateComponent[] = stored.templateComponents;
  return {
    ...broadcast,
    templateId: stored.templateId,
    header: await headerOf(db, organizationId, stored),
    contacts: audience && 'contactIds' in audience ? await findAudienceContacts(db, organizationId, audience.contactIds) : [],
    buttons: quickReplyButtons(components).map((button) => ({ id: button.id, text: button.text })),
    ...(viewer.permissions.includes('automation:view') ? { rules: (await listAutomationRules(db, organizationId, broadcastId)).rules } : {}),
  };
}
