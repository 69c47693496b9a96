import Foundation
import Redux
import ReduxInspect
import Testing

/// An app whose token is an object, recorded with the default `redactedKeys`
/// (`password`, `token`): the recording keeps the token's shape with its strings and numbers
/// hidden, and replays through the app's own inspector.
private enum Auth {
    struct Grant: Codable, Equatable, Sendable {
        var id: Int
        var scope: String
    }

    struct AuthToken: Codable, Equatable, Sendable {
        var value: String
        var expires: Int
        var refreshable = true
        var grants: [Grant] = []
    }

    struct State: Codable, Equatable, Sendable {
        var user: String?
        var token: AuthToken?
        var logins = 0
    }

    enum Action: Codable, Sendable {
        case loggedIn(user: String, token: AuthToken)
        case token(String)
        case extend(by: Int)
        case revoke
        case logout
    }

    static let reducer = reducer(revokes: true)

    /// The reducer; `revokes: false` is a later version with a bug, for verify to catch.
    static func reducer(revokes: Bool) -> Reducer<State, Action> {
        Reducer { state, action in
            switch action {
            case .loggedIn(let user, let token):
                state.user = user
                state.token = token
                state.logins += 1
            case .token(let value): state.token?.value = value
            case .extend(let seconds): state.token?.expires += seconds
            case .revoke: if revokes { state.token?.refreshable = false }
            case .logout:
                state.user = nil
                state.token = nil
            }
        }
    }

    static func inspector(revokes: Bool = true) -> Inspector {
        Inspector(
            reducers: [InspectableReducer(name: "auth", reducer: reducer(revokes: revokes), initialState: State())],
            program: "auth-inspector")
    }

    /// Records a session with the real recorder and its default redacted keys, into memory.
    static func record(statePolicy: RecordingStatePolicy = .everyAction) -> String {
        let token = AuthToken(
            value: "tok-SECRET-1", expires: 1_800_000_123, grants: [Grant(id: 7, scope: "scope-SECRET")])
        return RecordedSession.text(
            from: State(), reducer,
            options: .init(
                reducer: "auth", statePolicy: statePolicy,
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: [.loggedIn(user: "ada", token: token), .token("tok-SECRET-2"), .extend(by: 60), .revoke, .logout])
    }
}

@Suite struct RedactedReplayTests {
    typealias Support = CLITestSupport

    @Test func aRecordingWithRedactedObjectsChecksReplaysAndVerifies() throws {
        let directory = try CLITemporaryDirectory()
        let text = Auth.record()
        for secret in ["SECRET", "1800000123", "\"id\":7"] { #expect(!text.contains(secret), "\(secret) in \(text)") }
        #expect(
            text.contains(
                #""action":{"loggedIn":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>","#
                    + #""refreshable":true,"grants":[{"id":"<redacted>","scope":"<redacted>"}]}}}"#), "\(text)")
        #expect(text.contains(#""action":{"token":{"_0":"<redacted>"}}"#), "\(text)")
        let file = try directory.file("auth.jsonl", text)

        let check = Support.run(["check", file], inspector: Auth.inspector())
        #expect(check.code == 0, "\(check)")
        #expect(check.out.hasSuffix("every action decodes with reducer auth\n"), "\(check)")

        let replay = Support.run(["replay", file], inspector: Auth.inspector())
        #expect(replay.code == 0, "\(replay)")
        #expect(replay.out.hasSuffix("5 steps replayed with reducer auth; all recorded states match\n"), "\(replay)")

        let verify = Support.run(["verify", file], inspector: Auth.inspector())
        #expect(verify.code == 0, "\(verify)")
    }

    /// Where a step's state before is replayed and the state after recorded (or the other way
    /// round), the recorder's placeholders on one side are no change from the values on the
    /// other: diff and step show none for redacted leaves.
    @Test func aPlaceholderMeetingAReplayedValueIsNoChange() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("auth.jsonl", Auth.record(statePolicy: .every(2)))
        let diff = Support.run(["diff", file], inspector: Auth.inspector())
        #expect(diff.code == 0, "\(diff)")
        let changed = diff.outLines.filter { $0.hasPrefix("~ ") }
        #expect(!changed.isEmpty)
        #expect(!changed.contains { $0.contains("<redacted>") }, "\(diff.out)")
        let step = Support.run(["step", file], input: "next\nnext\nnext\nnext\nnext\n", inspector: Auth.inspector())
        #expect(!step.outLines.filter { $0.hasPrefix("  ~ ") }.contains { $0.contains("<redacted>") }, "\(step.out)")
    }

    /// `verify --update` writes the replayed states, with the recorder's placeholders kept
    /// where the recording had them: not the 0s and stand-ins the replay decoded them as.
    @Test func updatingGoldensKeepsWhatTheRecorderHid() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("auth.jsonl", Auth.record())
        let update = Support.run(["verify", file, "--update"], inspector: Auth.inspector(revokes: false))
        #expect(update.code == 0, "\(update)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        // The divergence is written: a revoke no longer clears `refreshable`.
        let revoked = try #require(text.split(separator: "\n").first { $0.contains(#""revoke""#) })
        #expect(revoked.contains(#""state":{"user":"ada","token":{"value":"<redacted>","expires":"<redacted>","refreshable":true"#), "\(revoked)")
        #expect(!text.contains(#""expires":0"#) && !text.contains(#""expires":60"#), "\(text)")
        #expect(Support.run(["verify", file], inspector: Auth.inspector(revokes: false)).code == 0)
    }

    @Test func aRealDivergenceInsideARedactedObjectIsStillFound() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("auth.jsonl", Auth.record())

        let verify = Support.run(["verify", file], inspector: Auth.inspector(revokes: false))
        #expect(verify.code == 1, "\(verify)")
        #expect(verify.outLines.contains("    ~ token.refreshable: false → true"), "\(verify)")
        #expect(verify.outLines.filter { $0.hasPrefix("    ~ ") || $0.hasPrefix("    + ") || $0.hasPrefix("    - ") }.count == 1, "\(verify)")
    }

    @Test func aValueThatCannotBeReplayedFromThePlaceholderSaysWhy() throws {
        // `UUID` and `Data` read the placeholder as stand-ins; an enum of strings cannot.
        enum Scope: String, Codable, Sendable { case read, write }
        enum Action: Codable, Sendable { case token(Scope) }
        struct State: Codable, Equatable, Sendable { var count = 0 }
        let reducer = Reducer<State, Action> { state, _ in state.count += 1 }
        let text = RecordedSession.text(from: State(), reducer, options: .init(reducer: "keys"), dispatching: [.token(.write)])
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("keys.jsonl", text)
        let inspector = Inspector(reducers: [InspectableReducer(name: "keys", reducer: reducer, initialState: State())])

        let check = Support.run(["check", file], inspector: inspector)
        #expect(check.code == 65, "\(check)")
        #expect(check.err.contains("at token._0: "), "\(check)")
        #expect(
            check.err.contains(
                #"the recorder redacted this value ("<redacted>"), which cannot stand in for it: "#
                    + "to replay it, leave its key out of the Recorder's redactedKeys"), "\(check)")
    }

    @Test func recordedPlaceholdersMatchTheReplayedValuesAtAnyDepth() {
        #expect(
            ReplayRun.divergence(
                recorded: ["token": ["value": "<redacted>", "expires": "<redacted>", "refreshable": true]],
                replayed: ["token": ["value": "abc", "expires": 123, "refreshable": true]]) == [])
        #expect(
            ReplayRun.divergence(
                recorded: ["token": [["a": ["<redacted>", "<redacted>"]], "<redacted>"]],
                replayed: ["token": [["a": [1, "x"]], ["b": 2]]]) == [])
        // One element with an `id`: an array matched by id, where the recorded id is hidden.
        #expect(
            ReplayRun.divergence(
                recorded: ["grants": [["id": "<redacted>", "scope": "<redacted>"]]],
                replayed: ["grants": [["id": 7, "scope": "all"]]]) == [])
        let changes = ReplayRun.divergence(
            recorded: ["token": ["value": "<redacted>", "refreshable": false], "logins": 1],
            replayed: ["token": ["value": "abc", "refreshable": true], "logins": 1])
        #expect(changes.map(\.path.description) == ["token.refreshable"])
        #expect(changes.first?.oldValue == false)
    }
}
