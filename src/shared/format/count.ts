const numberFormat = new Intl.NumberFormat('en-US');

/** A count as every screen shows one: digits grouped in thousands ('12,345'). */
export const formatCount = (value: number): string => numberFormat.format(value);
