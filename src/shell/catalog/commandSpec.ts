import { z } from 'zod';
import { RISK_CATEGORIES } from '../../categories/riskCategories';

/**
 * What one argument of a program is to it: a path it reads, writes, overwrites or deletes;
 * plain data (a pattern, a count, a message); an argument handed to code intentgate does not
 * know (`unknown`: a possible write); shell code it runs (`script`); inline code in its own
 * language (`code`); the user it runs a command as.
 */
export const ARGUMENT_ROLES = [
  'read',
  'write',
  'overwrite',
  'delete',
  'data',
  'unknown',
  'script',
  'code',
  'user',
] as const;

export type ArgumentRole = (typeof ARGUMENT_ROLES)[number];

/**
 * Operand roles that take the rest of the line: `command` (this word and every later one are a
 * command the program runs), `shell` (the words, joined by spaces, are shell code), `program`
 * (a program file, run with the later words as its arguments).
 */
export const RUN_ROLES = ['command', 'shell', 'program'] as const;

export type RunRole = (typeof RUN_ROLES)[number];

/** The path roles: an argument with one of these names a file the program uses. */
export const PATH_ROLES = ['read', 'write', 'overwrite', 'delete'] as const;

/**
 * How an option reads: a flag, a value only when attached (`--color=auto`, `-i.bak`; with
 * `optionalWrite` the attached value is a file written, as gawk's `-oFILE`), a value with a
 * role, a program file it runs (`php -f FILE`, `awk -f FILE`), the folder its relative
 * operands are read from (`git -C DIR`), or `command`: the words after it are a command it runs
 * (`fd -x CMD`).
 */
export const OPTION_KINDS = [
  'flag',
  'optional',
  'optionalWrite',
  ...ARGUMENT_ROLES,
  'program',
  'cwd',
  'command',
] as const;

export type OptionKind = (typeof OPTION_KINDS)[number];

/**
 * The name of a check a rule's `when` asks for, beyond its program, subcommand and options: what
 * data cannot express (`ip addr add` changes, `ip addr show` does not). Each family registers its
 * checks by name with its readers (src/shell/programs/readerRegistry.ts); a name no family
 * registers fails the rule closed.
 */
export type RuleCheck = string;

// a reader's or check's name: letters and digits, starting with a letter
const REGISTERED_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** SYSTEM_IMPACT's third detail: what kind of object is affected. */
export const IMPACT_LEVELS = [
  'service',
  'disk',
  'network',
  'power',
  'kernel',
  'processes',
  'accounts',
  'privileges',
  'containers',
  'infrastructure',
  'database',
] as const;

/**
 * What a program's first operand is, for the details of its rules' findings: `remoteHost`, the
 * host it reaches, perhaps as `user@host` (`ssh deploy@web1 uptime`); `verb`, what it does, the
 * later operands what it does it to (`systemctl restart nginx`); `target`, what it acts on, the
 * second operand what it does (`service nginx restart`); `httpMethod`, an HTTP method when it is
 * one, the URL after it (`http POST api.io/x`).
 */
export const FIRST_OPERANDS = ['remoteHost', 'verb', 'target', 'httpMethod'] as const;

export type FirstOperand = (typeof FIRST_OPERANDS)[number];

/**
 * The name of a bespoke reader, for what data cannot say; each family registers its readers by
 * name (src/shell/programs/readerRegistry.ts), and a name no family registers fails closed.
 */
export type ReaderName = string;

// '-o', '--output', '-exec' (single-dash long), '+x'; several names of one option joined by '|'
const OPTION_NAME = /^[-+][^\s=|]+$/;

// the parts of commandSpecSchema, built on its first use: only a policy's `shell.programs` and the tests parse one
function buildPartSchemas() {
  const optionNames = z
    .string()
    .min(2)
    .max(4000)
    .refine((key) => key.split('|').every((name) => OPTION_NAME.test(name)), {
      message: "option names start with '-' or '+', several joined by '|' ('-o|--output')",
    });

  const role = z.enum(ARGUMENT_ROLES);
  const commandLine = z.string().min(1).max(2000);

  /** A program's or subcommand's name: a basename, no spaces or slashes. */
  const programNameSchema = z
    .string()
    .min(1)
    .max(100)
    .regex(/^[^\s/=]+$/, 'a program name is one word without slashes');

  /** How the operands (the words that are not options) of a program read, in order. */
  const operandSpecSchema = z.union([
    z.enum([...ARGUMENT_ROLES, ...RUN_ROLES]),
    z.strictObject({
      /** the roles of the first operands, in order (grep's pattern, timeout's duration, gosu's user) */
      leading: z.array(role).max(4).optional(),
      /** options that give the leading operands instead (`grep -e PATTERN`): then there are none */
      leadingUnless: z.array(optionNames).optional(),
      /** the role of the operands after the leading ones; a run role takes every later word; default `unknown` */
      rest: z.enum([...ARGUMENT_ROLES, ...RUN_ROLES]).optional(),
      /** with two or more operands, the role of the last one (`cp SOURCE... DEST`) */
      last: role.optional(),
      /** options that name the destination instead (`cp -t DIR`): then the last operand is not special */
      lastUnless: z.array(optionNames).optional(),
      /** the operands the program takes when fewer are given, by position (`git clean -f` cleans '.', `split FILE` writes x...) */
      assumed: z.array(z.string().min(1)).max(4).optional(),
      /** options may follow the leading operands too (`setarch ARCH -R CMD`) */
      optionsAfterLeading: z.boolean().optional(),
      /** with no operands the program starts a shell that reads its commands from stdin */
      shellWhenEmpty: z.boolean().optional(),
      /** operands written `name=value` are variable settings, not files (awk, make) */
      assignments: z.boolean().optional(),
      /** operands written `host:path` name files on another machine, not here (scp, rsync) */
      remote: z.boolean().optional(),
    }),
  ]);

  /** One deterministic rule: reaching this program or subcommand (and passing `when`) raises a category. */
  const ruleSpecSchema = z.strictObject({
    category: z.enum(RISK_CATEGORIES),
    /** a few words: why it matched; also EXEC_ARBITRARY's expected effect */
    note: z.string().min(1).max(120),
    when: z
      .strictObject({
        /** any of these options is given */
        options: z.array(optionNames).min(1).optional(),
        /** none of these options is given */
        notOptions: z.array(optionNames).min(1).optional(),
        /** some word follows the rule's program or subcommand (a deeper subcommand, an operand), or none does */
        operands: z.enum(['some', 'none']).optional(),
        check: z.string().regex(REGISTERED_NAME).optional(),
      })
      .optional(),
    /** SYSTEM_IMPACT: what kind of object is affected */
    level: z.enum(IMPACT_LEVELS).optional(),
    /** NETWORK_RISK: the purpose of the request; on other rules: the command also reaches the network for this purpose */
    purpose: z.string().min(1).max(60).optional(),
    /** DEPS_INSTALL_UPDATE: the package is the first operand only (npx runs the rest as its arguments) */
    packageIsFirstOperand: z.boolean().optional(),
    /**
     * the category stands for what the command may reach that the analysis cannot see (whose
     * process a pid names, `kill $PID`): a guess, as the findings of unseen code are, which a
     * contained run leaves to the kernel (the sandbox has a process table of its own)
     */
    unseenTarget: z.literal(true).optional(),
    /** command lines that must raise the category (checked by the tests, and at load for a policy's rules) */
    examples: z.array(commandLine).min(1),
    /** command lines that must not raise it */
    notExamples: z.array(commandLine).optional(),
  });

  /** Operand roles that hold while one of the options is given (`tee -a`: append, `command -v`: look up only). */
  const overrideSchema = z.strictObject({ operands: operandSpecSchema });
  return { optionNames, programNameSchema, operandSpecSchema, ruleSpecSchema, overrideSchema };
}

let partSchemas: ReturnType<typeof buildPartSchemas> | undefined;
const parts = (): ReturnType<typeof buildPartSchemas> => (partSchemas ??= buildPartSchemas());

export type OperandSpec = z.infer<ReturnType<typeof buildPartSchemas>['operandSpecSchema']>;

export type RuleSpec = z.infer<ReturnType<typeof buildPartSchemas>['ruleSpecSchema']>;

/** What intentgate knows about one program or subcommand (see commandSpecSchema). */
export interface CommandSpec {
  aliases?: string[] | undefined;
  options?: Record<string, OptionKind> | undefined;
  globalOptions?: Record<string, OptionKind> | undefined;
  numericOptions?: boolean | undefined;
  plusOptions?: boolean | undefined;
  operands?: OperandSpec | undefined;
  with?: Record<string, { operands: OperandSpec }> | undefined;
  subcommands?: Record<string, CommandSpec> | undefined;
  otherSubcommand?: CommandSpec | undefined;
  anySubcommand?: CommandSpec | undefined;
  unknownOptions?: 'data' | 'operand' | undefined;
  optionsEnd?: string[] | undefined;
  urlsAreText?: boolean | undefined;
  textOptions?: string[] | undefined;
  rules?: RuleSpec[] | undefined;
  reader?: ReaderName | undefined;
  runsProjectCode?: boolean | undefined;
  placesLinks?: boolean | string | undefined;
  packageScripts?: string[] | undefined;
  versioned?: boolean | undefined;
  family?: boolean | undefined;
  firstOperand?: FirstOperand | undefined;
  lookupModifiers?: boolean | undefined;
  runChangingOptions?: string[] | undefined;
  printsSecrets?: SecretsPrinted | undefined;
}

/**
 * When a program or subcommand prints secrets no path names (see commandSpecSchema's
 * `printsSecrets`): always, or only while every condition given holds.
 */
export type SecretsPrinted =
  | true
  | {
      argument?: string | undefined;
      withoutCommand?: true | undefined;
      searchesTree?: true | string[] | undefined;
    };

/**
 * What intentgate knows about one program (or one subcommand of it): its option grammar, the
 * roles of its operands, its subcommands, the rules that raise categories, and a bespoke
 * reader where data cannot say it. Built-in entries and a policy's `shell.programs` share it.
 */
export const commandSpecSchema: z.ZodType<CommandSpec> = z.lazy(() => {
  const { optionNames, programNameSchema, operandSpecSchema, ruleSpecSchema, overrideSchema } = parts();
  return z.strictObject({
    /** other names of the program or subcommand (`pip3` for pip, `i` for npm install) */
    aliases: z.array(programNameSchema).optional(),
    /** options at this level, option names (several joined by '|') to how they read */
    options: z.record(optionNames, z.enum(OPTION_KINDS)).optional(),
    /** options valid at this level and every subcommand below it (npm's `--prefix`) */
    globalOptions: z.record(optionNames, z.enum(OPTION_KINDS)).optional(),
    /** options after which the program reads no more options: the later words are operands (`python -c CODE ARGS`) */
    optionsEnd: z.array(optionNames).optional(),
    /** `-NUMBER` is an option (`head -20`, `kill -9`) */
    numericOptions: z.boolean().optional(),
    /** words starting with '+' are options (`cargo +nightly`, `set +x`) */
    plusOptions: z.boolean().optional(),
    operands: operandSpecSchema.optional(),
    /** operand roles while an option is given, by option names ('-a|--append'); the first that applies wins */
    with: z.record(optionNames, overrideSchema).optional(),
    /** the first operand picks one of these */
    subcommands: z.record(programNameSchema, commandSpecSchema).optional(),
    /** what any other first operand is, read as its first operand (yarn runs the package script of that name); absent: an unknown subcommand */
    otherSubcommand: commandSpecSchema.optional(),
    /** any other first operand is a subcommand read by this spec (`aws SERVICE ACTION`): the word is taken as the subcommand */
    anySubcommand: commandSpecSchema.optional(),
    /**
     * how a word starting with '-' that is not a listed option reads, here and below: `data`, an
     * option taking the next word as a data value (CLIs whose every option is `--name value`);
     * `operand`, a plain operand (`echo -x`, `test -f`). A claim about the program's grammar;
     * without it such a word is an option the catalog does not know.
     */
    unknownOptions: z.enum(['data', 'operand']).optional(),
    rules: z.array(ruleSpecSchema).optional(),
    reader: z.string().regex(REGISTERED_NAME).optional(),
    /** its words are text it prints, matches or reads: a URL among them is no request (`echo https://x`, `grep https:// f`) */
    urlsAreText: z.boolean().optional(),
    /**
     * options whose value is prose, here and below (`git commit -m "see https://x"`): a URL in one
     * is no request. Names as the user gives them, each on its own: `-m`, `--message`.
     */
    textOptions: z.array(z.string().regex(/^--?[A-Za-z0-9][A-Za-z0-9-]*$/)).optional(),
    /** runs the project's own code (a build, a test suite), whose effect is not analysed here */
    runsProjectCode: z.boolean().optional(),
    /**
     * what it writes may be a symlink, a hard link or a tree holding them (ln, cp -r, tar x, git
     * checkout): a later path of the same command line at or below what it writes cannot be
     * resolved before it runs. Option names ('-s|--symbolic') limit it to calls that give one.
     * Programs the catalog does not know are read as if they did.
     */
    placesLinks: z.union([z.boolean(), optionNames]).optional(),
    /** the package.json scripts this subcommand runs, in order (`npm install`: preinstall, install, postinstall, ...) */
    packageScripts: z.array(z.string().regex(/^[A-Za-z:-]+$/)).optional(),
    /** versioned names read as this one (`python3.12`, `pip3.11`) */
    versioned: z.boolean().optional(),
    /** dotted names read as this one (`mkfs.ext4`) */
    family: z.boolean().optional(),
    /** what the first operand is, here and below, for the details of its rules' findings (see FIRST_OPERANDS) */
    firstOperand: z.enum(FIRST_OPERANDS).optional(),
    /**
     * operands starting with '@' or '+' are lookup modifiers, a server or a query option, not
     * what it looks up (`dig @1.1.1.1 +short example.com`): the details of its findings skip them
     */
    lookupModifiers: z.boolean().optional(),
    /**
     * options that change what it runs rather than how (another folder, configuration, shell or code
     * loaded first): a grant narrowed to `npm test` was not given for `npm test --script-shell ./x.sh`.
     * On a program's spec; a name ending in '=' is an operand assignment (`make SHELL=./x.sh`).
     */
    runChangingOptions: z.array(z.string().regex(/^(?:--?[A-Za-z0-9][\w.-]*|[A-Za-z_.][\w.]*=)$/)).optional(),
    /**
     * what it prints holds secrets no path names (the environment, stored credentials, what a search
     * of the whole workspace finds), so the flow rules count running it as reading a secret: `true`,
     * or only while every condition given holds; here and below, the deepest level's marker applies
     */
    printsSecrets: z
      .union([
        z.literal(true),
        z.strictObject({
          /**
           * one of its words after the program is this name, or starts with it and then a character that
           * is no letter, digit or '_', in any case (`credential`: `git config credential.helper`)
           */
          argument: z
            .string()
            .regex(/^[\w.-]{1,100}$/)
            .optional(),
          /** it is given no command: its operands are `NAME=value` settings at most (`env`, not `env A=1 make`) */
          withoutCommand: z.literal(true).optional(),
          /**
           * it searches a tree of files (`true`, or with one of these options: `grep -r`) that is the
           * workspace or more (no root, `.`, `/`, `~`), or for a pattern that names secrets (`token`)
           */
          searchesTree: z.union([z.literal(true), z.array(optionNames).min(1)]).optional(),
        }),
      ])
      .optional(),
  });
});

/** A set of programs by name, as the built-in catalog files and a policy write it. */
export const commandSpecsSchema = z.lazy(() => z.record(parts().programNameSchema, commandSpecSchema));

export type CommandSpecs = Readonly<Record<string, CommandSpec>>;
