/// Where the states `verify --update` rewrites differ from the recorded ones, path by path:
/// the first difference is shown in full, and this says what the others changed, which a
/// reducer change that touches several parts of the state would otherwise leave unsaid.
struct RewrittenPaths: Sendable {
    /// One path, and the states that differ there.
    struct Path: Sendable, Equatable {
        let path: String
        var states: Int
        let firstSeq: Int
        var lastSeq: Int
    }

    /// How many distinct paths are kept: a state that differs at a new path at every step (a
    /// growing list, say) would otherwise keep one for each.
    static let kept = 1_000

    /// The paths in the order they were first seen.
    private(set) var paths: [Path] = []
    private var positions: [String: Int] = [:]
    /// Paths seen past ``kept``, not counted one by one.
    private(set) var more = 0
    /// The seqs added, each once: the end marker's state, rewritten with the last step's,
    /// is the state after the same seq.
    private(set) var seqs = 0
    private var lastSeq: Int?

    /// Notes the differences of the state rewritten at `seq`.
    mutating func add(_ changes: [JSONChange], seq: Int) {
        if seq != lastSeq { seqs += 1 }
        lastSeq = seq
        // A path is counted once per seq, however many of its changes lie under it.
        for path in Set(changes.map { "\($0.path)" }).sorted() {
            if let position = positions[path] {
                guard paths[position].lastSeq != seq else { continue }
                paths[position].states += 1
                paths[position].lastSeq = seq
            } else if paths.count < Self.kept {
                positions[path] = paths.count
                paths.append(Path(path: path, states: 1, firstSeq: seq, lastSeq: seq))
            } else {
                more += 1
            }
        }
    }

    /// The lines `verify --update` prints under a file's first difference, at most `limit`
    /// paths; none when the states of one seq or none were rewritten, which that difference
    /// shows whole.
    func lines(limit: Int) -> [String] {
        guard seqs > 1, !paths.isEmpty else { return [] }
        var lines = ["  the rewritten states differ at:"]
        for path in paths.prefix(limit) {
            let seqs =
                switch path.states {
                case 1: "seq \(path.firstSeq)"
                case 2: "seq \(path.firstSeq) and \(path.lastSeq)"
                default: "\(path.states) states, seq \(path.firstSeq)…\(path.lastSeq)"
                }
            lines.append("    \(TerminalText.escape(path.path))  (\(seqs))")
        }
        let untold = paths.count - min(limit, paths.count)
        if more > 0 {
            lines.append("    and over \(untold) more paths")
        } else if untold > 0 {
            lines.append("    and \(untold) more path\(untold == 1 ? "" : "s")")
        }
        return lines
    }
}
