import { recipientsOverLimit, tierLimit } from './messaging-limit';
import { isOptOutButton, isOptOutKeyword } from './opt-out';

describe('opt-out keywords', () => {
  it.each(['STOP', 'stop', '  Stop\n', 'unsubscribe', 'UNSUBSCRIBE '])('%j opts out', (text) => {
    expect(isOptOutKeyword(text, [])).toBe(true);
  });

  it.each(['', '   ', 'stop it', 'please unsubscribe me', 'STOPP'])('%j does not', (text) => {
    expect(isOptOutKeyword(text, [])).toBe(false);
  });

  it("takes the organization's own keywords, case and spacing ignored", () => {
    expect(isOptOutKeyword('  no   MORE offers ', ['No more offers'])).toBe(true);
    expect(isOptOutKeyword('Basta', [])).toBe(false);
  });

  it("a button opts out when it is Meta's opt-out button or says a keyword", () => {
    expect(isOptOutButton('Stop promotions', [])).toBe(true);
    expect(isOptOutButton('STOP', [])).toBe(true);
    expect(isOptOutButton('Show me the offers', [])).toBe(false);
  });
});

describe('messaging limit', () => {
  it("reads Meta's tiers; an unknown or unlimited tier is no known limit", () => {
    expect(tierLimit('TIER_2K')).toBe(2_000);
    expect(tierLimit('tier_250')).toBe(250);
    expect(tierLimit('TIER_UNLIMITED')).toBeNull();
    expect(tierLimit('TIER_SOMETHING_NEW')).toBeNull();
    expect(tierLimit(null)).toBeNull();
  });

  it('counts the recipients over what the limit leaves after the last 24 hours', () => {
    expect(recipientsOverLimit(2_260, 2_000, 150)).toBe(410);
    expect(recipientsOverLimit(100, 2_000, 150)).toBe(0);
    expect(recipientsOverLimit(10, 250, 300)).toBe(10);
    expect(recipientsOverLimit(10_000, null, 0)).toBe(0);
  });
});
