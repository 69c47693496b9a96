import Foundation
import Redux
import ReduxInspect
import Testing

/// An app whose sign-in carries a session id, a `UUID`, under a redacted key.
private enum Sessions {
    struct State: Codable, Equatable, Sendable {
        var session: UUID?
        var taps = 0
    }

    enum Action: Codable, Sendable {
        case signIn(session: UUID)
        case tap
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .signIn(let session): state.session = session
        case .tap: state.taps += 1
        }
    }

    static let inspector = Inspector(
        reducers: [InspectableReducer(name: "sessions", reducer: reducer, initialState: State())],
        program: "sessions-inspector")

    /// A sign-in at seq 1, then taps, with the state recorded every third step.
    static func record() -> String {
        RecordedSession.text(
            from: State(), reducer,
            options: .init(reducer: "sessions", app: "Sessions", statePolicy: .every(3), redactedKeys: ["session"]),
            dispatching: [.signIn(session: UUID()), .tap, .tap, .tap, .tap])
    }
}

/// The recorder writes a redacted `UUID` as `"<redacted>"`, which no `UUID` reads: `check`,
/// `show`, `diff` and `blame` stopped with 65 on such a recording without every state, while
/// `verify` passed it. The replay now runs with the all-zero `UUID` in its place, and the
/// commands say so where they show a state replayed from it, as for a redacted number.
@Suite struct RedactedUUIDTests {
    private let zero = "00000000-0000-0000-0000-000000000000"

    @Test func aRedactedUUIDIsReplayedAsTheAllZeroOneWithAWarning() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("sessions.jsonl", Sessions.record())
        func run(_ arguments: [String]) -> CLIResult {
            CLITestSupport.run(arguments, inspector: Sessions.inspector)
        }
        let warning =
            "warning: sessions.jsonl: the action of seq 1 holds redacted values that the app's decoder can only read as "
            + "\"\(zero)\" (signIn.session): the states replayed from it, up to the next recorded state, compute with "
            + "those, which may not be the app's values\n"

        let show = run(["show", file, "--at", "2", "--path", "session"])
        #expect(show.code == 0, "\(show)")
        #expect(show.out == "\"\(zero)\"\n", "\(show)")
        #expect(show.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(show)")

        let blame = run(["blame", file, "session"])
        #expect(blame.code == 0, "\(blame)")
        #expect(
            blame.outLines.map { $0.trimmingCharacters(in: .whitespaces) } == ["1  signIn  (absent) → \"\(zero)\""],
            "\(blame)")
        #expect(blame.err.replacingOccurrences(of: directory.url.path + "/", with: "") == warning, "\(blame)")

        let diff = run(["diff", file, "1"])
        #expect(diff.code == 0, "\(diff)")
        #expect(diff.out.contains("+ session: \"\(zero)\""), "\(diff)")

        // The recorded states, whose session is the placeholder too, are matched as written.
        for command in ["check", "verify"] {
            let result = run([command, file])
            #expect(result.code == 0, "\(result)")
        }
        // A step whose state is recorded says nothing.
        #expect(run(["show", file, "--at", "3"]).err == "")
    }
}
