import { array, object, string } from 'yup';
import { contactSchema } from '@shared/validation/contacts';
import { roleSchema } from '@shared/validation/roles';
import { boundsCheckOf, MAX_NESTING, TOO_DEEPLY_NESTED } from './input-bounds';

/** Nested arrays `levels` deep: `[[[…]]]`. */
function nested(levels: number): unknown {
  let value: unknown = [];
  for (let level = 1; level < levels; level += 1) value = [value];
  return value;
}

test("an over-long array answers its schema's own message, whatever its elements", () => {
  const check = boundsCheckOf(contactSchema);
  expect(check({ countryCode: '+971', phoneNumber: '501234567', tagIds: new Array(500_000).fill({ any: 'thing' }) }))
    .toBe('Too many tags selected (max 10)');
  expect(check({ countryCode: '+971', phoneNumber: '501234567', tagIds: ['a', 'b'] })).toBeUndefined();
});

test('a string is measured as its schema casts it, and refused with its own message', () => {
  const check = boundsCheckOf(object({
    name: string().trim().max(5, 'At most ${max}'),
    plain: string().length(2, '${path} is two letters'),
  }));
  expect(check({ name: `Ada${' '.repeat(100)}` })).toBeUndefined();
  expect(check({ name: 'Adalovelace' })).toBe('At most 5');
  expect(check({ plain: 'abc' })).toBe('plain is two letters');
});

test('limits of values the schema reshapes first are left to its rules', () => {
  // Role permissions are de-duplicated before they are checked: a repeated one is still one.
  expect(boundsCheckOf(roleSchema)({ name: 'R', description: 'D', permissions: new Array(5000).fill('chats:view') })).toBeUndefined();
  const conditional = object({ kind: string(), code: string().when('kind', { is: 'short', then: (field) => field.max(2) }) });
  expect(boundsCheckOf(conditional)({ kind: 'short', code: 'abcdef' })).toBeUndefined();
});

test('nothing may nest deeper than MAX_NESTING, described or not, and the walk cannot overflow the stack', () => {
  const check = boundsCheckOf(object({ list: array(array(string())) }));
  expect(check({ extra: nested(MAX_NESTING - 1) })).toBeUndefined();
  expect(check({ extra: nested(MAX_NESTING) })).toBe(TOO_DEEPLY_NESTED);
  expect(check({ extra: nested(1_000_000) })).toBe(TOO_DEEPLY_NESTED);
  expect(check({ list: [[nested(MAX_NESTING)]] })).toBe(TOO_DEEPLY_NESTED);
  expect(check(nested(MAX_NESTING + 1))).toBe(TOO_DEEPLY_NESTED);
});
