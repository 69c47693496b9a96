/// A benchmark that `redux-bench NAME` can run: it prints one or more ``Measurement`` lines.
struct Benchmark: Sendable {
    let name: String
    /// One line for `--help`.
    let summary: String
    /// The names of the lines it prints, in order. Each selects it on the command line too:
    /// people copy a name from the output (`redux-bench goto-first`), and a line cannot be had
    /// without the rest of its benchmark, whose lines are each other's baselines. The run
    /// checks that the benchmark prints no other line, so that `--help` stays true.
    let lines: [String]
    /// The sessions it works on, for the header of the run; the run checks that it asks the
    /// ``Workload`` for no other.
    let sessions: Set<Workload.Session>
    let run: @Sendable (Workload) throws -> [Measurement]

    init(
        name: String, summary: String, lines: [String]? = nil, sessions: Set<Workload.Session>,
        run: @escaping @Sendable (Workload) throws -> [Measurement]
    ) {
        self.name = name
        self.summary = summary
        self.lines = lines ?? [name]
        self.sessions = sessions
        self.run = run
    }

    /// Every benchmark, in the order a full run prints them.
    static var all: [Benchmark] {
        [
            RecordOverhead.benchmark, RecordSustained.benchmark, DiffThroughput.benchmark,
            DiffReplayed.benchmark, DecodeActions.benchmark,
            Goto.benchmark, VerifyThroughput.benchmark,
        ]
    }

    /// The benchmark called `name`, or the one that prints a line called `name`.
    static func named(_ name: String) -> Benchmark? {
        all.first { $0.name == name } ?? all.first { $0.lines.contains(name) }
    }
}
