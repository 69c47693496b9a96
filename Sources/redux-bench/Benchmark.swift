/// A benchmark that `redux-bench NAME` can run: it prints one or more ``Measurement`` lines.
struct Benchmark: Sendable {
    let name: String
    /// One line for `--help`.
    let summary: String
    let run: @Sendable (Workload) throws -> [Measurement]

    /// Every benchmark, in the order a full run prints them.
    static var all: [Benchmark] {
        [
            RecordOverhead.benchmark, RecordSustained.benchmark, DiffThroughput.benchmark,
            DiffReplayed.benchmark, DecodeActions.benchmark,
            Goto.benchmark, VerifyThroughput.benchmark,
        ]
    }
}
