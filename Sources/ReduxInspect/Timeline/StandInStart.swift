/// A state a replay started from although the reducer reads a redacted value in it as a
/// stand-in: the recorder writes `"<redacted>"` for a number, which the app's decoder can
/// only read as `0` (a Bool as `false`, a `UUID` as the all-zero one), so every state
/// replayed from it computes with that instead of the app's value.
///
/// A timeline replays through such a recorded state from an earlier one instead, where it
/// can: only the initial state, a recorded state after missing entries (which a replay
/// cannot pass), and one a replay cannot reach (an action before it that no longer decodes,
/// a line or state the reducer cannot read) are started from all the same.
public struct StandInStart: Sendable, Hashable {
    /// The seq of the step whose recorded state it is; `nil` for the initial state.
    public let seq: Int?
    /// The stand-ins, in the order of the state (all of them).
    public let standIns: [StandIn]

    /// Where the stand-ins are, in the order of the state.
    public var paths: [JSONPath] { standIns.map(\.path) }

    /// The places where `state` holds the placeholder and the same state as `replayer`, which
    /// has just loaded it, encodes it again holds something else; `nil` when there are none, or
    /// when the replayer cannot encode it (which the command that needs it then reports). A
    /// state without the placeholder is not encoded.
    init?(seq: Int?, state recorded: JSONValue, loadedIn replayer: any StateReplayer) {
        guard recorded.holdsRedactionPlaceholder, let read = try? replayer.currentState() else { return nil }
        let standIns = recorded.standIns(read: read)
        guard !standIns.isEmpty else { return nil }
        self.seq = seq
        self.standIns = standIns
    }

    /// The state, as messages name it: `the state recorded at seq 6`, `the initial state`.
    var stateName: String { seq.map { "the state recorded at seq \($0)" } ?? "the initial state" }

    /// The paths as messages list them: the first three, then how many more.
    var listedPaths: String {
        var listed = paths.prefix(3).map(\.description)
        if paths.count > 3 { listed.append("\(paths.count - 3) more") }
        return listed.joined(separator: ", ")
    }
}
