import { graphErrors } from './graph-errors';
import type { Sandbox } from './sandbox';
import type { SandboxBusiness } from './world';

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A media object of a send (a media message's, or a template header's): exactly one of an `id` this
 * business uploaded or a `link`, as Meta requires. `param` names it in the error.
 */
export function checkMediaReference(sandbox: Sandbox, business: SandboxBusiness, param: string, media: unknown): Json {
  if (!isObject(media)) throw graphErrors.invalidParameter(`Param ${param} is required.`);
  const hasId = typeof media.id === 'string' && media.id !== '';
  const hasLink = typeof media.link === 'string' && /^https?:\/\//.test(media.link);
  if (hasId === hasLink) throw graphErrors.invalidParameter(`Param ${param} must have exactly one of id or link.`);
  if (hasId) {
    const stored = sandbox.world.media.get(media.id as string);
    if (!stored || stored.businessKey !== business.key) throw graphErrors.invalidParameter(`Param ${param}.id is not a valid media id.`);
  }
  return media;
}
