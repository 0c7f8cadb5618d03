const integer = new Intl.NumberFormat('en-US');

/** 12345 -> "12,345" */
export const formatCount = (n: number) => integer.format(n);
