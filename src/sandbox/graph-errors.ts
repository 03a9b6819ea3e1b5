/**
 * Graph API error answers as Meta shapes them. HTTP statuses follow Meta's table, which Parley deliberately
 * does not rely on — it reads `code`.
 */
export interface GraphErrorBody {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_data?: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
}

export class SandboxGraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly options: { type?: string; subcode?: number; details?: string; transient?: boolean } = {},
  ) {
    super(message);
  }

  toBody(): GraphErrorBody {
    return {
      error: {
        message: this.message,
        type: this.options.type ?? 'OAuthException',
        code: this.code,
        ...(this.options.subcode ? { error_subcode: this.options.subcode } : {}),
        ...(this.options.transient !== undefined ? { is_transient: this.options.transient } : {}),
        ...(this.options.details ? { error_data: { messaging_product: 'whatsapp' as const, details: this.options.details } } : {}),
        fbtrace_id: `Sbx${Math.random().toString(36).slice(2, 12)}`,
      },
    };
  }
}

export const graphErrors = {
  noToken: () => new SandboxGraphError(401, 190, 'An active access token must be used to query information about the current user.'),
  unparsableToken: () => new SandboxGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token'),
  tokenExpired: () =>
    new SandboxGraphError(401, 190, 'Error validating access token: Session has expired on Monday, 02-Nov-26 10:00:00 PST.', { subcode: 463 }),
  permissionDenied: () => new SandboxGraphError(403, 10, '(#10) Application does not have permission for this action'),
  throughput: () =>
    new SandboxGraphError(400, 130429, '(#130429) Rate limit hit', {
      details: 'Cloud API message throughput has been reached.',
    }),
  serverError: () => new SandboxGraphError(503, 2, 'Service temporarily unavailable', { transient: true }),
  badProof: () => new SandboxGraphError(400, 100, 'Invalid appsecret_proof provided in the API argument', { type: 'GraphMethodException' }),
  unknownObject: (id: string, method: string) =>
    new SandboxGraphError(
      400,
      100,
      `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { type: 'GraphMethodException', subcode: 33 },
    ),
  invalidParameter: (details: string) => new SandboxGraphError(400, 100, '(#100) Invalid parameter', { details }),
  templateMissing: (name: string, language: string) =>
    new SandboxGraphError(404, 132001, '(#132001) Template name does not exist in the translation', {
      details: `template name (${name}) does not exist in ${language}`,
    }),
  templatePaused: (name: string) =>
    new SandboxGraphError(400, 132015, '(#132015) Template is paused', { details: `Template ${name} is paused due to low quality` }),
  templateDisabled: (name: string) =>
    new SandboxGraphError(400, 132016, '(#132016) Template is disabled', { details: `Template ${name} has been disabled` }),
  templateParams: (component: string, given: number, expected: number) =>
    new SandboxGraphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params', {
      details: `${component}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    }),
  templateParameterText: () =>
    new SandboxGraphError(400, 132018, '(#132018) There was an issue with the parameters in your template.', {
      details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
    }),
  mediaType: (details: string) => new SandboxGraphError(400, 131053, '(#131053) Media upload error', { details }),
};
