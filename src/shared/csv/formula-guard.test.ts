import { withFormulaGuard, withoutFormulaGuard } from './formula-guard';

describe('CSV formula guard', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 call me', "'+1 call me"],
    ['-Ann', "'-Ann"],
    ['@handle', "'@handle"],
    ['  =1+1', "'  =1+1"],
    ['\tTabbed', "'\tTabbed"],
    ["'=already quoted", "''=already quoted"],
  ])('guards %j as %j', (cell, written) => {
    expect(withFormulaGuard(cell)).toBe(written);
  });

  it.each(['+971501234567', '-12.5', 'Ann Lee', "O'Brien", "'Tis", 'a=b'])('writes %j as it is', (cell) => {
    expect(withFormulaGuard(cell)).toBe(cell);
  });

  it.each(['=SUM(A1:A9)', '+1 call me', '-Ann', '@handle', "'=already quoted", "''-x", "'Tis", "O'Brien", '+971501234567', ''])(
    'reads %j back exactly as it was before the guard',
    (cell) => {
      expect(withoutFormulaGuard(withFormulaGuard(cell))).toBe(cell);
    },
  );

  it("keeps a leading quote that no guard added (a name like 'Tis)", () => {
    expect(withoutFormulaGuard("'Tis")).toBe("'Tis");
  });
});
