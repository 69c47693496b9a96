import Foundation
import Redux
import ReduxInspect
import Testing

/// A tiny app that exists only in this file: a tally with notes.
private enum Tally {
    struct Note: Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    struct State: Codable, Equatable, Sendable {
        var total = 0
        var notes: [Note] = []
    }

    enum Action: Codable, Sendable {
        case add(Int)
        case note(id: Int, text: String)
        case forget(id: Int)
    }

    static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .add(let amount): state.total += amount
        case .note(let id, let text): state.notes.insert(Note(id: id, text: text), at: 0)
        case .forget(let id): state.notes.removeAll { $0.id == id }
        }
    }

    static let inspector = Inspector(
        reducers: [InspectableReducer(name: "mini", reducer: reducer, initialState: State())], program: "tally-inspector")

    /// Records a session with the real recorder into memory and returns the lines.
    static func record(statePolicy: RecordingStatePolicy) -> String {
        RecordedSession.text(
            from: State(), reducer,
            options: .init(
                reducer: "mini", app: "Tally", statePolicy: statePolicy,
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: [.add(3), .note(id: 1, text: "first"), .add(4), .note(id: 2, text: "second"), .forget(id: 1)])
    }
}

/// An app builds its own inspector for a reducer the stock one does not know.
@Suite struct CustomInspectorTests {
    typealias Support = CLITestSupport

    @Test(arguments: [RecordingStatePolicy.everyAction, .never])
    func replayDiffAndShow(policy: RecordingStatePolicy) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("tally.jsonl", Tally.record(statePolicy: policy))

        let replay = Support.run(["replay", file], inspector: Tally.inspector)
        #expect(replay.code == 0, "\(replay)")
        #expect(replay.err == "")
        #expect(
            replay.out == """
                seq 1  add  {"add":{"_0":3}}
                  ~ total: 0 → 3
                seq 2  note  {"note":{"id":1,"text":"first"}}
                  + notes[id=1]: {"id":1,"text":"first"}
                seq 3  add  {"add":{"_0":4}}
                  ~ total: 3 → 7
                seq 4  note  {"note":{"id":2,"text":"second"}}
                  + notes[id=2]: {"id":2,"text":"second"}
                seq 5  forget  {"forget":{"id":1}}
                  - notes[id=1]: {"id":1,"text":"first"}
                5 steps replayed with reducer mini; all recorded states match

                """)

        let diff = Support.run(["diff", file, "4..5"], inspector: Tally.inspector)
        #expect(
            diff.out == """
                @@ seq 4 note @@
                + notes[id=2]: {"id":2,"text":"second"}
                @@ seq 5 forget @@
                - notes[id=1]: {"id":1,"text":"first"}

                """)
        let patch = Support.run(["diff", file, "4", "--format", "json-patch"], inspector: Tally.inspector)
        #expect(patch.out == #"[{"op":"add","path":"/notes/0","value":{"id":2,"text":"second"}}]"# + "\n")

        let show = Support.run(["show", file, "--at", "4"], inspector: Tally.inspector)
        #expect(
            show.out == """
                {
                  "total": 7,
                  "notes": [
                    {
                      "id": 2,
                      "text": "second"
                    },
                    {
                      "id": 1,
                      "text": "first"
                    }
                  ]
                }

                """)
        #expect(Support.run(["show", file, "--at", "5", "--path", "notes[id=2].text"], inspector: Tally.inspector).out == "\"second\"\n")
        let check = Support.run(["check", file], inspector: Tally.inspector)
        #expect(check.code == 0)
        #expect(check.out.hasSuffix("every action decodes with reducer mini\n"))
    }

    @Test func theStockInspectorSaysHowToBuildOne() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("tally.jsonl", Tally.record(statePolicy: .never))
        let result = Support.run(["replay", file])
        #expect(result.code == 64)
        #expect(result.err.contains(#"names reducer "mini", which this inspector does not have"#))
        #expect(result.err.contains("'redux-inspect help inspector'"))
        #expect(Support.run(["log", file]).code == 0)
    }

    @Test func aSingleReducerReplaysRecordingsThatNameNone() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "handwritten.jsonl",
            lines: [#"{"action":{"add":{"_0":2}}}"#, #"{"action":{"note":{"id":9,"text":"hi"}}}"#])
        let result = Support.run(["replay", file], inspector: Tally.inspector)
        #expect(result.code == 0)
        #expect(
            result.out == """
                seq 1  add  {"add":{"_0":2}}
                  ~ total: 0 → 2
                seq 2  note  {"note":{"id":9,"text":"hi"}}
                  + notes[id=9]: {"id":9,"text":"hi"}
                2 steps replayed with reducer mini; no recorded state to compare with

                """)
    }

    @Test func undecodableActionNamesTheAppsType() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("bad.jsonl", lines: [#"{"seq":1,"action":{"note":{"id":"one","text":"hi"}}}"#])
        let result = Support.run(["replay", file], inspector: Tally.inspector)
        #expect(result.code == 65)
        #expect(result.err.hasPrefix("Error: \(file):1:33: cannot decode the action as "))
        #expect(result.err.contains("Tally.Action: at note.id: "))
        #expect(result.err.hasSuffix(" (seq 1)\n"))
    }
}

/// An app's inspector names itself in the commands its messages suggest, and quotes what a
/// shell would read otherwise.
@Suite struct CustomInspectorMessageTests {
    typealias Support = CLITestSupport

    /// `help inspector` names the reducers this inspector knows, not the stock one's.
    @Test func helpInspectorNamesTheInspectorsOwnReducers() {
        let result = Support.run(["help", "inspector"], inspector: Tally.inspector)
        #expect(result.code == 0)
        let names = Tally.inspector.reducers.map(\.name)
        let known = names.count == 1 ? "one reducer, \(names[0])." : "the reducers \(names.joined(separator: ", "))."
        #expect(result.out.contains("\ntally-inspector knows \(known)\n"), "\(result)")
        #expect(!result.out.contains("counter, shop, todos"), "\(result)")
        let stock = Support.run(["help", "inspector"])
        #expect(stock.out.contains("\nredux-inspect knows the reducers counter, shop, todos.\n"), "\(stock)")
    }

    @Test func aMissingReducerPointsAtTheAppsOwnInspectorsHelp() throws {
        let result = Support.run(["replay", Support.fixture("counter.jsonl")], inspector: Tally.inspector)
        #expect(result.code == 64)
        #expect(result.err.hasSuffix("see 'tally-inspector help inspector'\n"), "\(result)")
        #expect(!result.err.contains("redux-inspect"), "\(result)")
        let verify = Support.run(["verify", Support.fixture("counter.jsonl")], inspector: Tally.inspector)
        #expect(verify.code == 64)
        #expect(verify.out.contains("see 'tally-inspector help inspector'"), "\(verify)")
        #expect(!verify.out.contains("redux-inspect help") && !verify.err.contains("redux-inspect help"), "\(verify)")
    }

    /// The note of a difference seen after steps without states ends with the `blame` to run,
    /// its path in quotes: `notes[id=2]` is a glob pattern to zsh.
    @Test func verifysNoteEndsWithABlameToRunAsItIs() throws {
        let directory = try CLITemporaryDirectory()
        let recorded = Tally.record(statePolicy: .never)
        // The app once wrote its second note otherwise.
        let drifted = recorded.replacingOccurrences(
            of: #"{"total":7,"notes":[{"id":2,"text":"second"}]}"#, with: #"{"total":7,"notes":[{"id":2,"text":"2nd"}]}"#)
        #expect(drifted != recorded, "the end marker's state as the recorder writes it: \(recorded)")
        let file = try directory.file("tally session.jsonl", drifted)
        let result = Support.run(["verify", file], inspector: Tally.inspector)
        #expect(result.code == 1, "\(result)")
        #expect(
            result.outLines.contains { $0.hasSuffix("to list the steps that change it: tally-inspector blame '\(file)' 'notes[id=2].text'") },
            "\(result)")
    }
}
