import Foundation
import Redux
import ReduxInspect
import Testing

/// A number the recorder redacted in a state is written `"<redacted>"`, which the app's
/// decoder can only read as `0`: a replay that started from such a recorded state computed
/// every later state from 0, and `show`, `bisect` and `blame` printed values the app never
/// had. Replays now go through such a state from an earlier one, and say so where they
/// cannot (the initial state, a state after missing entries).
@Suite struct RedactedStandInTests {
    typealias CLI = CLITestSupport

    /// Adds 1, 2, … `last` with `total` redacted and a state after every third action, so
    /// that seq 3 and 6 record `"total":"<redacted>"`; `leavingOut` is not recorded.
    private func tally(upTo last: Int = 7, leavingOut: Int? = nil) throws -> (
        file: String, inspector: Inspector, directory: CLITemporaryDirectory
    ) {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: TallyState(), tallyReducer(countingTwice: nil),
            options: .init(
                reducer: "tally", statePolicy: .every(3), redactedKeys: ["total"],
                shouldRecord: { action in
                    guard case .add(let number) = action else { return true }
                    return number != leavingOut
                }),
            dispatching: (1...last).map { .add($0) })
        let file = try directory.file("tally.jsonl", text)
        let inspector = Inspector(
            reducers: [
                InspectableReducer(
                    name: "tally", reducer: tallyReducer(countingTwice: nil), initialState: TallyState())
            ])
        return (file, inspector, directory)
    }

    @Test func aStateReplayedPastARedactedNumberIsTheApps() throws {
        let (file, inspector, directory) = try tally()
        defer { withExtendedLifetime(directory) {} }
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""seq":3,"#))
        #expect(
            try String(contentsOfFile: file, encoding: .utf8).contains(#""state":{"total":"<redacted>"}"#))

        let shown = CLI.run(["show", file, "--at", "5", "--path", "total"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        #expect(shown.out == "15\n")

        let found = CLI.run(["bisect", file, "--until", "total == 10"], inspector: inspector)
        #expect(found.code == 0, "\(found)")
        #expect(found.outLines.first == "total == 10 holds first at seq 4 (step 4 of 7)")

        // The recorded states at seq 3 and 6, and the end marker's at seq 7, are compared with
        // the replay's totals in place of their placeholders.
        let blamed = CLI.run(["blame", file, "total"], inspector: inspector)
        #expect(
            blamed.outLines.map { $0.split(separator: " ").last.map(String.init) ?? "" }
                == ["1", "3", "6", "10", "15", "21", "28"])
    }

    /// Beside replayed states, `diff`, `blame`, `bisect` and `step` compare a recorded state's
    /// placeholders as the replay's values: kept as written, `"<redacted>"` seemed to change
    /// at every recorded state; filled from the other side of the step, it hid the step's
    /// change (`diff` showed no change at seq 3, 4, 6 and 7). `show` prints the recording.
    @Test func aRecordedPlaceholderIsComparedAsTheReplaysValue() throws {
        let (file, inspector, directory) = try tally()
        defer { withExtendedLifetime(directory) {} }
        let diff = CLI.run(["diff", file], inspector: inspector)
        #expect(diff.code == 0, "\(diff)")
        #expect(diff.outLines.filter { $0.hasPrefix("~ ") } == (1...7).map { "~ total: \($0 * ($0 - 1) / 2) → \($0 * ($0 + 1) / 2)" })
        let patches = CLI.run(["diff", file, "3..4", "--format", "json-patch"], inspector: inspector)
        #expect(
            patches.outLines == [
                #"[{"op":"replace","path":"/total","value":6}]"#, #"[{"op":"replace","path":"/total","value":10}]"#,
            ])
        let underPath = CLI.run(["diff", file, "--path", "total"], inspector: inspector)
        #expect(underPath.outLines.filter { $0.hasPrefix("~ ") } == diff.outLines.filter { $0.hasPrefix("~ ") })
        let found = CLI.run(["bisect", file, "--until", "total == 6"], inspector: inspector)
        #expect(found.outLines.prefix(4) == ["total == 6 holds first at seq 3 (step 3 of 7)", "", "seq 3  add  {\"add\":{\"_0\":3}}", "  ~ total: 3 → 6"], "\(found)")
        let step = CLI.run(["step", file], input: "watch total\n" + String(repeating: "c\n", count: 7), inspector: inspector)
        #expect(step.outLines.filter { $0.hasPrefix("watchpoint 1: total: ") }.count == 7, "\(step.out)")
        let back = CLI.run(["step", file, "--at", "4"], input: "diff\nback\ndiff\n", inspector: inspector)
        // `diff` at seq 4; `back` shows seq 3 with its change, and `diff` shows it again.
        #expect(
            back.outLines.filter { $0.contains("~ total:") }.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["~ total: 6 → 10", "~ total: 3 → 6", "~ total: 3 → 6"], "\(back.out)")
        #expect(CLI.run(["show", file, "--at", "3", "--path", "total"], inspector: inspector).out == "\"<redacted>\"\n")
    }

    @Test func theInitialStatesRedactedNumberIsToldOnce() throws {
        let (file, inspector, directory) = try tally()
        defer { withExtendedLifetime(directory) {} }
        let warning =
            "warning: \(file): the initial state holds redacted values that the app's decoder can only read as 0 or false "
            + "(total): the states replayed from it compute with those, which may not be the app's values\n"
        for arguments in [
            ["show", file, "--at", "5"], ["diff", file, "4..5"], ["blame", file, "total"],
            ["bisect", file, "--until", "total > 12"],
        ] {
            let result = CLI.run(arguments, inspector: inspector)
            #expect(result.code == 0, "\(arguments): \(result)")
            #expect(result.err == warning, "\(arguments)")
        }
        // A state the recording holds is shown as recorded, without a replay.
        #expect(CLI.run(["show", file, "--at", "3"], inspector: inspector).err == "")
    }

    @Test func aRedactedNumberAfterMissingEntriesIsStartedFromAndTold() throws {
        // Seq 2 (adding 2) is left out, so the state at seq 3 follows a gap, and a replay
        // cannot go through it: the app's 1 + 3 there is unknown, and 0 stands in for it,
        // to which seq 4 adds 4.
        let (file, inspector, directory) = try tally(upTo: 8, leavingOut: 2)
        defer { withExtendedLifetime(directory) {} }
        let shown = CLI.run(["show", file, "--at", "4", "--path", "total"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        #expect(shown.out == "4\n")
        #expect(
            shown.err.contains(
                "warning: \(file): the state recorded at seq 3 holds redacted values that the app's decoder can only read as 0 or false (total)"
            ),
            "\(shown.err)")
        // Seq 6's state has no entries missing since seq 3's: replayed through, not told of.
        let later = CLI.run(["show", file, "--at", "7", "--path", "total"], inspector: inspector)
        #expect(later.out == "22\n", "\(later)")
        #expect(later.err.contains("seq 3") && !later.err.contains("seq 6"), "\(later.err)")
    }

    @Test func anActionThatNoLongerDecodesBeforeARedactedStateLeavesTheStepsAfterItShown() throws {
        let (recorded, inspector, directory) = try tally()
        defer { withExtendedLifetime(directory) {} }
        // Seq 2's action is one the app no longer has: no replay can go through seq 3's state.
        let text = try String(contentsOfFile: recorded, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #"{"add":{"_0":2}}"#, with: #"{"subtract":{"_0":2}}"#)
        #expect(changed != text)
        let file = try directory.file("changed.jsonl", changed)

        // As before replays went through such states: from seq 3's, where 0 stands for total.
        let shown = CLI.run(["show", file, "--at", "5", "--path", "total"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        #expect(shown.out == "9\n")
        #expect(
            shown.err.contains(
                "warning: \(file): the state recorded at seq 3 holds redacted values that the app's decoder can only read as 0 or false (total)"
            ),
            "\(shown.err)")
        let stepped = CLI.run(["step", file], input: "goto 5\ngoto 7\nquit\n", inspector: inspector)
        #expect(stepped.code == 0, "\(stepped)")
        #expect(stepped.out.contains("~ total: 4 → 9"), "\(stepped.out)")
        // The step that cannot be replayed still says why.
        let failed = CLI.run(["show", file, "--at", "2"], inspector: inspector)
        #expect(failed.code == 65, "\(failed)")
        #expect(failed.err.contains("subtract"), "\(failed.err)")
    }

    /// A counter recording, by lines after the header: seq 3 records a redacted count, which
    /// replays go through from the start, and `seq1`/`initialCount` what comes before it.
    private func counterBeforeARedactedState(
        initialCount: String = "0", seq1: String = #"{"seq":1,"type":"increment","action":{"increment":{}}}"#
    ) throws -> (file: String, directory: CLITemporaryDirectory) {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "counter.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":\#(initialCount)}}"#,
                seq1,
                #"{"seq":2,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":3,"type":"increment","action":{"increment":{}},"state":{"count":"<redacted>"}}"#,
                #"{"seq":4,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":5,"type":"increment","action":{"increment":{}}}"#,
            ])
        return (file, directory)
    }

    /// Whatever stops the replay before the redacted state, the steps after it are shown from
    /// it: a line that does not parse, a recorded or initial state the reducer cannot read.
    @Test(arguments: [
        ("0", #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1,}}"#),
        ("0", #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":"abc"}}"#),
        ("0", #"{"seq":1,"type":"increment","action":{"increment":{},}}"#),
        (#""abc""#, #"{"seq":1,"type":"increment","action":{"increment":{}}}"#),
    ])
    func anythingThatStopsTheReplayBeforeARedactedStateLeavesTheStepsAfterItShown(initial: String, seq1: String) throws {
        let (file, directory) = try counterBeforeARedactedState(initialCount: initial, seq1: seq1)
        defer { withExtendedLifetime(directory) {} }
        let shown = CLI.run(["show", file, "--at", "4"])
        #expect(shown.code == 0, "\(shown)")
        #expect(try CLI.json(shown.out) == ["count": 1])
        #expect(shown.err.contains("the state recorded at seq 3 holds redacted values"), "\(shown.err)")
        #expect(!shown.err.contains("the initial state"), "\(shown.err)")
    }

    /// A replay that fails again past the state it fell back to falls back to the next, as
    /// often as it has to, and warns only of the state the step shown is replayed from.
    @Test func aReplayFallsBackAsOftenAsItHasTo() throws {
        let directory = try CLITemporaryDirectory()
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in stride(from: 1, to: 4_000, by: 2) {
            lines.append(#"{"seq":\#(seq),"type":"removed","action":{"removed":{}}}"#)
            lines.append(#"{"seq":\#(seq + 1),"type":"increment","action":{"increment":{}},"state":{"count":"<redacted>"}}"#)
        }
        lines.append(#"{"seq":4001,"type":"increment","action":{"increment":{}}}"#)
        let file = try directory.file("failing.jsonl", lines: lines)
        let shown = CLI.run(["show", file, "--at", "4001"])
        #expect(shown.code == 0, "\(shown)")
        #expect(try CLI.json(shown.out) == ["count": 1])
        #expect(
            shown.err == "warning: \(file): the state recorded at seq 4000 holds redacted values that the app's decoder "
                + "can only read as 0 or false (count): the states replayed from it compute with those, which may not be "
                + "the app's values\n")
    }

    /// A replay that fell back past a state keeps no checkpoint from it: a later jump to a
    /// step after it starts from it again, and warns of it.
    @Test func aStateFallenBackPastIsToldWhenAStepAfterItIsShown() throws {
        let directory = try CLITemporaryDirectory()
        var lines = [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
        for seq in 1...600 {
            let action = seq == 100 || seq == 400 ? #""bogus","action":{"bogus":{}}"# : #""increment","action":{"increment":{}}"#
            let state = seq == 200 || seq == 500 ? #","state":{"count":"<redacted>"}"# : ""
            lines.append(#"{"seq":\#(seq),"type":\#(action)\#(state)}"#)
        }
        let file = try directory.file("bogus.jsonl", lines: lines)
        let session = CLI.run(["step", file], input: "goto 550\ngoto 300\nquit\n")
        #expect(session.code == 0, "\(session)")
        let told = session.err.split(separator: "\n").map { $0.contains("seq 500") ? "500" : $0.contains("seq 200") ? "200" : "?" }
        #expect(told == ["500", "200"], "\(session.err)")
    }

    /// A replay from a recorded state whose redacted count is read as 0, after missing
    /// entries or past an action that no longer decodes, computes a count the app did not
    /// have: the recorded state it meets next differs, and no reducer change is claimed.
    @Test(arguments: [
        #"{"seq":2,"type":"increment","action":{"increment":{},}}"#,
        nil,
    ])
    func aReplayFromStandInsIsNotTakenForAChangedReducer(seq2: String?) throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "counter.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
                seq2,
                #"{"seq":3,"type":"increment","action":{"increment":{}},"state":{"count":"<redacted>"}}"#,
                #"{"seq":4,"type":"increment","action":{"increment":{}}}"#,
                #"{"seq":5,"type":"increment","action":{"increment":{}},"state":{"count":5}}"#,
            ].compactMap(\.self))
        let diffed = CLI.run(["diff", file, "4..5"])
        #expect(diffed.code == 0, "\(diffed)")
        #expect(diffed.out.contains("~ count: 1 → 5"), "\(diffed.out)")
        #expect(diffed.err.contains("the state recorded at seq 3 holds redacted values"), "\(diffed.err)")
        #expect(!diffed.err.contains("the reducer does not make"), "\(diffed.err)")
    }

    struct Shelf: Codable, Equatable, Sendable {
        struct Item: Codable, Equatable, Sendable {
            var id: Int
            var count: Int
        }
        var items = [Item(id: 7, count: 1)]
    }

    @Test func aRedactedIdIsNamedByItsPlace() throws {
        let directory = try CLITemporaryDirectory()
        let reducer = Reducer<Shelf, TallyAction> { state, action in
            guard case .add(let number) = action else { return }
            state.items[0].count += number
        }
        let text = RecordedSession.text(
            from: Shelf(), reducer, options: .init(reducer: "shelf", statePolicy: .never, redactedKeys: ["id"]),
            dispatching: [.add(2), .add(3)])
        let file = try directory.file("shelf.jsonl", text)
        let inspector = Inspector(reducers: [InspectableReducer(name: "shelf", reducer: reducer, initialState: Shelf())])
        let shown = CLI.run(["show", file, "--at", "1"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        // Not a removal of items[id="<redacted>"] and an insertion of items[id=0]. (Seq 2's
        // state is the end marker's.)
        #expect(
            shown.err.contains("the initial state holds redacted values that the app's decoder can only read as 0 or false (items[0].id)"),
            "\(shown.err)")
    }

    @Test func stepTellsOfAStandInOnceTheReplayMeetsIt() throws {
        let (file, inspector, directory) = try tally()
        defer { withExtendedLifetime(directory) {} }
        let session = CLI.run(["step", file], input: "goto 5\ngoto 2\nquit\n", inspector: inspector)
        #expect(session.code == 0, "\(session)")
        #expect(session.out.contains("~ total: 10 → 15"), "\(session.out)")
        #expect(
            session.err.components(separatedBy: "the initial state holds redacted values").count == 2,
            "\(session.err)")
    }
}

/// A redacted string is read as the placeholder itself, as written: a recorded state holding
/// only such is still where replays start, rather than from the beginning.
@Suite struct RedactedStringStartTests {
    typealias CLI = CLITestSupport

    struct NoteState: Codable, Equatable, Sendable {
        var note = ""
        var edits = 0
    }

    enum NoteAction: Codable, Sendable, Equatable {
        case write(String)
    }

    static let reducer = Reducer<NoteState, NoteAction> { state, action in
        guard case .write(let text) = action else { return }
        state.note = text
        state.edits += 1
    }

    @Test func aReplayStartsFromAStateWithARedactedString() throws {
        let directory = try CLITemporaryDirectory()
        let recorded = RecordedSession.text(
            from: NoteState(), Self.reducer, options: .init(reducer: "notes", statePolicy: .every(2), redactedKeys: ["note"]),
            dispatching: ["a", "b", "c", "d"].map { .write($0) })
        // The first action no longer decodes: a replay from the start would fail at seq 1.
        let text = recorded.replacingOccurrences(of: #"{"write":{"_0":"a"}}"#, with: #"{"erase":{}}"#)
        #expect(text != recorded)
        let file = try directory.file("notes.jsonl", text)
        let inspector = Inspector(reducers: [
            InspectableReducer(name: "notes", reducer: Self.reducer, initialState: NoteState())
        ])

        let shown = CLI.run(["show", file, "--at", "3"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        #expect(try CLI.json(shown.out) == ["note": "c", "edits": 3])
        #expect(shown.err == "")
    }
}

/// A recorded state that a replay goes through keeps what it recorded: only the values it hid
/// are the replay's, and a reducer that no longer makes the rest is still noticed there.
@Suite struct RedactedPassedOverStateTests {
    typealias CLI = CLITestSupport

    struct Counted: Codable, Equatable, Sendable {
        var total = 0
        var steps = 0
    }

    /// Adds each number to `total` and `stepSize` to `steps`.
    static func reducer(stepSize: Int) -> Reducer<Counted, TallyAction> {
        Reducer { state, action in
            guard case .add(let number) = action else { return }
            state.total += number
            state.steps += stepSize
        }
    }

    @Test func theRecordedValuesStayAndOnlyTheRedactedOnesAreReplayed() throws {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: Counted(), Self.reducer(stepSize: 1),
            options: .init(reducer: "counted", statePolicy: .every(3), redactedKeys: ["total"]),
            dispatching: (1...5).map { .add($0) })
        let file = try directory.file("counted.jsonl", text)
        #expect(text.contains(#""state":{"total":"<redacted>","steps":3}"#))
        // The inspector's reducer counts each step twice: it has changed since the recording.
        let inspector = Inspector(
            reducers: [InspectableReducer(name: "counted", reducer: Self.reducer(stepSize: 2), initialState: Counted())])

        let shown = CLI.run(["show", file, "--at", "4"], inspector: inspector)
        #expect(shown.code == 0, "\(shown)")
        // steps: the recorded 3, then 2 more; total: replayed through seq 3, 1 + 2 + 3 + 4.
        #expect(try CLI.json(shown.out) == ["total": 10, "steps": 5])

        let diffed = CLI.run(["diff", file, "3..4"], inspector: inspector)
        #expect(diffed.code == 0, "\(diffed)")
        #expect(diffed.err.contains("the reducer does not make the state recorded at seq 3"), "\(diffed.err)")
    }
}
