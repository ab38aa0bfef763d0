// The architecture fence (issue 14): which folder may import which, and no import cycle. Run by `npm run lint:arch`
// (part of `npm test`); test/architecture-fence.test.ts shows each rule failing on a planted violation.
/** Libraries that do I/O or draw: none of them belongs in pure code. */
const IO_LIBRARIES = ['^node_modules/(serialport|@serialport/[^/]+|better-sqlite3|ws|electron|react|react-dom|qrcode)/'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere in the product code, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'rules-are-pure',
      comment: 'rules/ is the rules engine: pure functions over plain data, importing only rules/ (and zod).',
      severity: 'error',
      from: { path: '^rules/' },
      to: { pathNot: ['^rules/', '^node_modules/zod/'] },
    },
    {
      name: 'table-vocabulary-is-shared',
      comment: 'table/ is the vocabulary between the table link and the games: hardware/, machines/ and the families import it, it imports only rules/.',
      severity: 'error',
      from: { path: '^table/' },
      to: { pathNot: ['^table/', '^rules/', '^node_modules/zod/'] },
    },
    {
      name: 'machines-are-pure',
      comment: 'The shared machines (the table session) import rules/, table/, machines/ and xstate/zod: no I/O, no family.',
      severity: 'error',
      from: { path: '^machines/' },
      to: { pathNot: ['^rules/', '^table/', '^machines/', '^node_modules/(xstate|zod)/'] },
    },
    {
      name: 'family-machines-are-pure',
      comment: "A family's machines and bots import rules/, table/, machines/, their own family's machines and bots, and xstate/zod.",
      severity: 'error',
      from: { path: '^families/([^/]+)/(machines|bots)/' },
      to: { pathNot: ['^rules/', '^table/', '^machines/', '^families/$1/(machines|bots)/', '^node_modules/(xstate|zod)/'] },
    },
    {
      name: 'families-do-not-import-each-other',
      comment: 'A family is its own folder: it may use the shared parts, never another family.',
      severity: 'error',
      from: { path: '^families/([^/]+)/' },
      to: { path: '^families/', pathNot: ['^families/$1/'] },
    },
    {
      name: 'host-asks-the-family-registry',
      comment: "Generic host code reaches a family only through the registry (host/families/registry.ts, one line per family): its vocabulary, text, view and records come through the family seam.",
      severity: 'error',
      from: { path: '^host/', pathNot: '^host/families/registry\\.ts$' },
      to: { path: '^families/' },
    },
    {
      name: 'hardware-knows-no-games',
      comment: 'The wire layer speaks the table vocabulary only: no machines, families, host, screens or shell.',
      severity: 'error',
      from: { path: '^hardware/' },
      to: { path: ['^machines/', '^families/', '^host/', '^contract/', '^renderer/', '^electron/'] },
    },
    {
      name: 'contract-is-data',
      comment: 'The screen contract (channels, public-state schemas) imports only rules/, table/ and zod, so every side may import it.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { pathNot: ['^contract/', '^rules/', '^table/', '^node_modules/zod/'] },
    },
    {
      name: 'renderer-imports-no-shell-or-host',
      comment: 'The screens show what the host computed: they import the contract, rules/ and table/, never electron/, host/, hardware/ or a family.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: ['^electron/', '^host/', '^hardware/', '^machines/', '^families/'] },
    },
    {
      name: 'renderer-families-do-not-import-each-other',
      comment: "A family's screen parts are their own folder (renderer/families/<family>/): they may use the shared screens' parts and the seam's types, never another family's.",
      severity: 'error',
      from: { path: '^renderer/families/([^/]+)/' },
      to: { path: '^renderer/families/[^/]+/', pathNot: ['^renderer/families/$1/'] },
    },
    {
      name: 'screens-ask-the-family-registry',
      comment: "The generic screens reach a family's screen parts through the registry (renderer/families/index.ts), never its folder.",
      severity: 'error',
      from: { path: '^renderer/', pathNot: ['^renderer/families/'] },
      to: { path: '^renderer/families/[^/]+/' },
    },
    {
      name: 'no-io-in-pure-code',
      severity: 'error',
      from: { path: '^(rules|table|machines|contract)/|^families/[^/]+/(machines|bots)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-io-libraries-in-pure-code',
      severity: 'error',
      from: { path: '^(rules|table|machines|contract)/|^families/[^/]+/(machines|bots)/' },
      to: { path: IO_LIBRARIES },
    },
    {
      name: 'product-code-imports-no-tests',
      severity: 'error',
      from: { pathNot: '(^test/|\\.test\\.tsx?$)' },
      to: { path: '(^test/|\\.test\\.tsx?$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^bench/', '^dist/'] },
    // Worktrees may link node_modules from elsewhere: resolve through the link so library paths read node_modules/...
    preserveSymlinks: true,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
