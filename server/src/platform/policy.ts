import { forbidden } from './errors.ts';

/** Why the viewer may not: the 403 message, and the request field it is about when there is one. */
export interface Denial {
  message: string;
  field?: string;
}

/** One ability: null when the viewer holds it, else why not (the first rule that fails). */
export type Rule<Access> = (access: Access) => Denial | null;

/** The denial when `ok` is false; chain with `??` so the first failing rule answers. */
export const unless = (ok: boolean, message: string, field?: string): Denial | null =>
  ok ? null : { message, field };

/** A resource's named abilities over the access a service loaded. */
export interface Policy<Access, Ability extends string> {
  /** Why the viewer does not hold the ability, or null when they do (for composing policies). */
  check(access: Access, ability: Ability): Denial | null;
  /** Whether the viewer holds the ability. */
  can(access: Access, ability: Ability): boolean;
  /** Every ability at once: the table a policy is tested by. */
  abilities(access: Access): Record<Ability, boolean>;
  /** Throws the ability's 403 FORBIDDEN unless the viewer holds it (they can already see the thing). */
  authorize(access: Access, ability: Ability): void;
}

/** Builds a policy from its rules: the one place each permission check of a resource is written. */
export function definePolicy<Access, Ability extends string>(
  rules: Record<Ability, Rule<Access>>,
): Policy<Access, Ability> {
  const names = Object.keys(rules) as Ability[];
  return {
    check: (access, ability) => rules[ability](access),
    can: (access, ability) => rules[ability](access) === null,
    abilities: (access) =>
      Object.fromEntries(names.map((name) => [name, rules[name](access) === null])) as Record<
        Ability,
        boolean
      >,
    authorize: (access, ability) => {
      const denial = rules[ability](access);
      if (denial) throw forbidden(denial.message, denial.field);
    },
  };
}
