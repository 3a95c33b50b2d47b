import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../lib/pagination.js';

/**
 * What one GraphQL request may ask for (docs/graphql.md, "Limits"). A request over any of them is
 * refused with 400 before anything is executed, so an expensive query costs a parse at most.
 */
export const GRAPHQL_LIMITS = {
  /** The JSON body of a POST; larger answers 413 payload_too_large, as REST. */
  bodyLimit: '2mb',
  /** Characters of the query document. */
  maxQueryLength: 20_000,
  /** Lexical tokens of the query document (the parser stops there). */
  maxTokens: 2_000,
  /** Nesting of fields (`edges { node { … } }` counts two). */
  maxDepth: 15,
  /** Aliases in an operation. */
  maxAliases: 20,
  /** Directives in an operation. */
  maxDirectives: 20,
  /**
   * The cost of an operation: the items all its lists may answer, every `first` (default 20, from
   * the variables too) multiplied down the nesting — what the database would have to read.
   */
  maxRequestedItems: 5_000,
  /** `first` as REST's `limit`: 1–100 (a field may declare its own maximum, as activityLogs 500). */
  maxFirst: MAX_PAGE_SIZE,
  defaultFirst: DEFAULT_PAGE_SIZE,
} as const;

/** The validation rules of every request: GraphQL's own, graphql-armor's limits, and no introspection when off. */
export function validationRules(introspection: boolean): ValidationRule[] {
  const rules: ValidationRule[] = [
    ...specifiedRules,
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, exposeLimits: true, flattenFragments: true }),
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, exposeLimits: true }),
    maxDirectivesRule({ n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: true }),
  ];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

export interface RequestedItems {
  items: number;
  /** `first` outside its field's range: the REST validation's message, as `details`. */
  problems: Array<{ path: string; message: string }>;
}

/**
 * How many items the operation's lists ask for, with the variables' values: each field taking
 * `first` asks for `first` (or the default) items per parent item. Fragments are counted once
 * each and scaled where they are spread, so nested spreads cannot make this count explode.
 */
export function requestedItems(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>> | undefined,
): RequestedItems {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const perFragment = new Map<string, number>();
  const problems: RequestedItems['problems'] = [];

  const firstOf = (value: unknown, max: number, path: string): number => {
    const first = value === undefined || value === null ? GRAPHQL_LIMITS.defaultFirst : Number(value);
    if (!Number.isInteger(first) || first < 1 || first > max)
      problems.push({ path: `${path}.first`, message: `first must be between 1 and ${max} (REST limit).` });
    return Number.isInteger(first) && first > 0 ? Math.min(first, max) : 1;
  };

  const count = (
    selectionSet: SelectionSetNode,
    type: GraphQLNamedType | undefined,
    path: string,
  ): number => {
    let items = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        items += count(selection.selectionSet, inner ?? undefined, path);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        if (!perFragment.has(name)) {
          perFragment.set(name, 0); // a cycle (refused by validation before) counts nothing
          const fragment = fragments.get(name);
          const inner = fragment ? schema.getType(fragment.typeCondition.name.value) : undefined;
          perFragment.set(name, fragment ? count(fragment.selectionSet, inner ?? undefined, path) : 0);
        }
        items += perFragment.get(name)!;
      } else {
        const field =
          isObjectType(type) || isInterfaceType(type) ? type.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        const fieldPath = `${path}.${selection.alias?.value ?? selection.name.value}`;
        let perItem = 1;
        if (field.args.some((arg) => arg.name === 'first')) {
          const argument = selection.arguments?.find((arg) => arg.name.value === 'first');
          const value =
            argument?.value.kind === Kind.VARIABLE
              ? variables?.[argument.value.name.value]
              : argument?.value.kind === Kind.INT
                ? argument.value.value
                : undefined;
          const max = Number(field.extensions.maxFirst ?? GRAPHQL_LIMITS.maxFirst);
          perItem = firstOf(value, max, fieldPath);
          items += perItem;
        }
        if (selection.selectionSet)
          items += perItem * count(selection.selectionSet, getNamedType(field.type), fieldPath);
      }
    }
    return items;
  };

  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return { items: count(operation.selectionSet, root ?? undefined, operation.operation), problems };
}
