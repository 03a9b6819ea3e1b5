const numberFormat = new Intl.NumberFormat('en-US');

/** A count as every screen shows one: digits grouped in thousands ('12,345'). */
export const formatCount = (value: number): string => numberFormat.format(value);

/** A count and its noun, singular for exactly one: '1 contact', '12,345 contacts'. */
export const formatCountOf = (value: number, one: string, many = `${one}s`): string => `${formatCount(value)} ${value === 1 ? one : many}`;
