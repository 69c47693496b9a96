import ExampleInspector
import Foundation
import Testing

@testable import ReduxInspect

/// A fixture and a path to watch, with the checkpoint interval the timeline uses.
struct WatchScanCase: CustomTestStringConvertible, Sendable {
    let fixture: String
    let path: String
    let interval: Int
    var testDescription: String { "\(fixture) \(path) every \(interval)" }
}

@Suite struct StepWatchTests {
    // MARK: Acceptance 4: watch, continue, continue, reverse-continue

    static let acceptanceOutput = """
        watchpoint 1: cart.total (now 0)
        watchpoint 1: cart.total: 0 → 9
        seq 1/27  addToCart  {"addToCart":{"productID":1,"quantity":2}}
          + cart.items[id=1]: {"id":1,"name":"Green tea","price":4.5,"quantity":2}
          ~ cart.total: 0 → 9
        watchpoint 1: cart.total: 9 → 18.99
        seq 2/27  addToCart  {"addToCart":{"productID":3,"quantity":1}}
          + cart.items[id=3]: {"id":3,"name":"Ceramic mug","price":9.99,"quantity":1}
          ~ cart.total: 9 → 18.99
        watchpoint 1: cart.total: 0 → 9
        seq 1/27  addToCart  {"addToCart":{"productID":1,"quantity":2}}
          + cart.items[id=1]: {"id":1,"name":"Green tea","price":4.5,"quantity":2}
          ~ cart.total: 0 → 9

        """

    @Test(arguments: [BisectTestSupport.Variant.asShipped, .withoutStates])
    func watchContinueContinueReverseContinue(_ variant: BisectTestSupport.Variant) throws {
        let file = try BisectTestSupport.recording("shop.jsonl", variant)
        let run = InspectorRun(
            ["step", file], input: "watch cart.total\ncontinue\ncontinue\nreverse-continue\n")
        #expect(run.code == 0)
        #expect(run.err == "")
        #expect(run.out == Self.acceptanceOutput)
    }

    /// A path ending in `.count` is a size, as in a predicate, from recorded and replayed
    /// states alike: `continue` stops where the number of items changes (seq 1, 2, 13, then
    /// back from the end at 26); `["count"]` is a member, which an array has not.
    @Test(arguments: [BisectTestSupport.Variant.asShipped, .withoutStates])
    func aWatchedCountIsASize(_ variant: BisectTestSupport.Variant) throws {
        let file = try BisectTestSupport.recording("shop.jsonl", variant)
        let script = [
            "watch cart.items.count", "c", "c", "c", "goto 27", "rc", #"unwatch cart.items["count"]"#,
            #"watch cart.items["count"]"#, "unwatch cart.items.count",
        ]
        let run = InspectorRun(["step", file, "--json"], input: script.joined(separator: "\n") + "\n")
        // The `unwatch` that finds no such watchpoint fails the script.
        #expect(run.code == 1, "\(run)")
        let answers = run.lines.map { line in
            let answer = try? JSONParser.parse(line)
            return [
                answer?["seq"], answer?["fired"]?[0]?["old"], answer?["fired"]?[0]?["new"], answer?["added"],
                answer?["error"], answer?["deleted"],
            ].compactMap { $0?.compactText }.joined(separator: " ")
        }
        #expect(
            answers == [
                #"[{"number":1,"kind":"watchpoint","path":"cart.items.count","value":0}]"#,
                "1 0 1", "2 1 2", "13 2 3", "27", "26 1 2",
                #""cart.items[\"count\"] is not watched""#,
                #"[{"number":2,"kind":"watchpoint","path":"cart.items[\"count\"]"}]"#,
                #"[{"number":1,"kind":"watchpoint","path":"cart.items.count"}]"#,
            ])
    }

    @Test func fromTheMiddleTheShortFormsStopAtTheNeighbouringChanges() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--at", "11", "--json"],
            input: "watch cart.items[id=1].quantity\nc\nc\nrc\nrc\nrc\n")
        let stops = run.lines.dropFirst().map { line in
            let answer = try? JSONParser.parse(line)
            return [answer?["seq"], answer?["fired"], answer?["note"]].map { $0?.compactText ?? "-" }.joined(
                separator: " ")
        }
        let watch = #"{"number":1,"kind":"watchpoint","path":"cart.items[id=1].quantity""#
        #expect(
            stops == [
                #"17 [\#(watch),"old":3,"new":5}] -"#,
                #"21 [\#(watch),"old":5}] -"#,
                #"17 [\#(watch),"old":3,"new":5}] -"#,
                #"10 [\#(watch),"old":2,"new":3}] -"#,
                #"1 [\#(watch),"new":2}] -"#,
            ])
    }

    // MARK: continue and reverse-continue agree with a brute-force scan from every position

    static let scans: [WatchScanCase] = [
        .init(fixture: "todos.jsonl", path: "categories[id=1].items[id=2].done", interval: 2),
        .init(fixture: "todos.jsonl", path: "selectedCategoryID", interval: 3),
        .init(fixture: "todos.jsonl", path: "nextID", interval: 128),
        .init(fixture: "counter.jsonl", path: "count", interval: 4),
        .init(fixture: "shop.jsonl", path: "user", interval: 5),
    ]

    @Test(arguments: scans)
    func continueAndReverseContinueMatchABruteForceScan(_ test: WatchScanCase) throws {
        let path = try JSONPath(parsing: test.path)
        let (initial, steps) = try BisectTestSupport.states(test.fixture)
        let states = [initial] + steps.map(\.state)  // states[i + 1] is the state after step i
        let changes = steps.indices.filter { states[$0].value(at: path) != states[$0 + 1].value(at: path) }
        let recording = try Recording(path: BisectTestSupport.fixture(test.fixture))
        let reducer = Inspector.examples.reducers.first { $0.name == recording.reducerName }
        for start in -1..<steps.count {
            for forward in [true, false] {
                let timeline = Timeline(
                    recording: recording, reducer: reducer, checkpointInterval: test.interval)
                let session = StepSession(timeline: timeline, position: start)
                _ = try session.execute(.watch([PathReading(path, writtenAs: test.path)]))
                let reply = try session.execute(.resume(forward: forward))
                let expected =
                    forward
                    ? changes.first { $0 > start } ?? steps.count - 1 : changes.last { $0 < start } ?? -1
                #expect(session.cursor.position == expected, "from \(start), forward: \(forward)")
                guard case .stopped(let view, let fired, _, _) = reply else {
                    Issue.record("not a stop: \(reply)")
                    continue
                }
                if expected >= 0 {
                    #expect(
                        view.changes == JSONDiff.changes(from: states[expected], to: states[expected + 1]))
                }
                if changes.contains(expected), expected != start {
                    #expect(fired.map(\.old) == [states[expected].value(at: path)])
                    #expect(fired.map(\.new) == [states[expected + 1].value(at: path)])
                } else {
                    #expect(fired.isEmpty)
                }
            }
        }
    }

    // MARK: Breakpoints

    @Test func breakStopsWhereThePredicateHoldsAfterAStep() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl")],
            input: "break cart.total > 50\nc\nc\nrc\nwatch user\nc\n")
        #expect(run.err == "")
        #expect(
            run.out == """
                breakpoint 1: cart.total > 50 (does not hold now)
                breakpoint 1: cart.total > 50 holds
                seq 14/27  addToCart  {"addToCart":{"productID":5,"quantity":2}}
                  + cart.items[id=5]: {"id":5,"name":"Oat biscuits","price":3.25,"quantity":2}
                  ~ cart.total: 46.47 → 52.97
                breakpoint 1: cart.total > 50 holds
                seq 18/27  setQuantity  {"setQuantity":{"itemID":2,"quantity":2}}
                  ~ cart.items[id=2].quantity: 1 → 2
                  ~ cart.total: 38.74 → 51.73
                breakpoint 1: cart.total > 50 holds
                seq 14/27  addToCart  {"addToCart":{"productID":5,"quantity":2}}
                  + cart.items[id=5]: {"id":5,"name":"Oat biscuits","price":3.25,"quantity":2}
                  ~ cart.total: 46.47 → 52.97
                watchpoint 2: user (now {"username":"ada","displayName":"Ada L.","token":"tok-ada-1"})
                breakpoint 1: cart.total > 50 holds
                seq 18/27  setQuantity  {"setQuantity":{"itemID":2,"quantity":2}}
                  ~ cart.items[id=2].quantity: 1 → 2
                  ~ cart.total: 38.74 → 51.73

                """)
    }

    /// A breakpoint that orders a path against a literal of the other kind than the path holds
    /// at the cursor would never hold there: setting it says so, in text and in JSON.
    @Test func aBreakpointOrderingANumberAgainstAStringGetsAHint() throws {
        let shop = BisectTestSupport.fixture("shop.jsonl")
        let hint = #"hint: cart.total holds numbers and "50" is a string; <, <=, > and >= hold only between two numbers or two strings: write 50"#
        let run = InspectorRun(["step", shop], input: "break cart.total > \"50\"\nbreak cart.total > 50\n")
        #expect(run.code == 0)
        #expect(run.lines == [#"breakpoint 1: cart.total > "50" (does not hold now)"#, hint, "breakpoint 2: cart.total > 50 (does not hold now)"])
        let json = InspectorRun(["step", shop, "--json"], input: "break cart.total > \"50\"\n")
        let added = try CLITestSupport.json(json.out)["added"]?.arrayValue?.first
        #expect(added?["hints"] == .array([.string(hint)]))
    }

    @Test func aBreakpointNestedTooDeeplyIsABadCommandAndTheSessionGoesOn() {
        let predicate =
            String(repeating: "(", count: 1_000_000) + "cart.total > 1"
            + String(repeating: ")", count: 1_000_000)
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl")],
            input: "break \(predicate)\nbreak cart.total > 50\nc\n")
        #expect(run.code == 1)
        #expect(
            run.err
                == #"error: line 1: invalid predicate '\#(predicate.prefix(80))…': nested too deeply: at most 512 levels of "!" and parentheses at column 513"#
                + "\n")
        #expect(
            Array(run.lines.prefix(3)) == [
                "breakpoint 1: cart.total > 50 (does not hold now)", "breakpoint 1: cart.total > 50 holds",
                #"seq 14/27  addToCart  {"addToCart":{"productID":5,"quantity":2}}"#,
            ])
    }

    @Test func aBreakpointComparesANumberWithAnExponentTooLongForAnInt() throws {
        let file = try BisectTestSupport.write([
            #"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#,
            #"{"seq":1,"type":"set","action":{"set":{}},"state":{"n":1e9999999999999999999}}"#,
            #"{"seq":2,"type":"set","action":{"set":{}},"state":{"n":2}}"#,
        ])
        let run = InspectorRun(["step", file], input: "break n == 2\nc\n")
        #expect(run.err == "")
        #expect(
            run.lines == [
                "breakpoint 1: n == 2 (does not hold now)", "breakpoint 1: n == 2 holds",
                #"seq 2/2  set  {"set":{}}"#, "  ~ n: 1e9999999999999999999 → 2",
            ])
    }

    @Test func everyWatchpointAndBreakpointThatFiresIsNamed() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--at", "19"],
            input: "watch user cart.total\nbreak cart.total == 0\nc\n")
        #expect(
            Array(run.lines.prefix(6)) == [
                #"watchpoint 1: user (now {"username":"ada","displayName":"Ada L.","token":"tok-ada-1"})"#,
                "watchpoint 2: cart.total (now 51.73)",
                "breakpoint 3: cart.total == 0 (does not hold now)",
                #"watchpoint 1: user: {"username":"ada","displayName":"Ada L.","token":"tok-ada-1"} → (absent)"#,
                "watchpoint 2: cart.total: 51.73 → 0",
                "breakpoint 3: cart.total == 0 holds",
            ])
        #expect(run.lines[6] == #"seq 21/27  logout  {"logout":{}}"#)
    }

    /// A watchpoint on a path no state on the way has (a typo, most likely) is named when
    /// nothing fires: the run found nothing to watch, rather than no change.
    @Test func aWatchOnAPathNoStatePassedHasIsNamedWhenNothingFires() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--at", "20"],
            input: "watch cart.totl\nwatch catalog\nc\nrc\n")
        // Said when it is set, where the path likely meant is in the state.
        #expect(run.lines[1] == "cart.totl is not in the state here (did you mean cart.total?)", "\(run.lines)")
        #expect(run.lines[3] == "reached the last step: no watchpoint or breakpoint fired; no state on the way has cart.totl (watchpoint 1)", "\(run.lines)")
        #expect(run.lines.contains("reached the initial state: no watchpoint or breakpoint fired; no state on the way has cart.totl (watchpoint 1)"), "\(run.lines)")
        // A path the states have, as catalog is, is not named: see the test below. Nor is one
        // only the state it starts from has, going back, or the initial state.
        for (start, path) in [("5", "error"), ("1", "cart")] {
            let back = InspectorRun(["step", BisectTestSupport.fixture("shop.jsonl"), "--at", start], input: "watch \(path)\nrc\n")
            #expect(back.lines[1] == "reached the initial state: no watchpoint or breakpoint fired", "\(back.lines)")
        }
    }

    @Test func withNothingFiringItStopsAtTheEndAndSaysSo() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--at", "20"],
            input: "watch catalog\nc\nc\nrc\nrc\nbreak cart.total == 0\ngoto 5\nrc\n")
        #expect(
            run.lines == [
                #"watchpoint 1: catalog (now [{"id":1,"name":"Green tea","price":4.5},{"id":2,"name":"Espresso beans","price…)"#,
                "reached the last step: no watchpoint or breakpoint fired",
                #"seq 27/27  setQuantity  {"setQuantity":{"itemID":4,"quantity":2}}"#,
                "  ~ cart.items[id=4].quantity: 1 → 2", "  ~ cart.total: 36.99 → 60.99",
                "already at the last step (seq 27)",
                "reached the initial state: no watchpoint or breakpoint fired", "seq 0/27  (initial state)",
                "already at the initial state (seq 0)",
                "breakpoint 2: cart.total == 0 (holds now)",
                #"seq 5/27  loginFailed  {"loginFailed":{"error":"wrong username or password"}}"#,
                "  ~ isLoading: true → false", #"  + error: "wrong username or password""#,
                "breakpoint 2: cart.total == 0 holds", "seq 0/27  (initial state)",
            ])
    }

    // MARK: Listing and removing

    @Test func infoWatchUnwatchUnbreakAndDelete() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--at", "9"],
            input: """
                info watch
                watch cart.total user["username"] cart.items[id=1].quantity cart.total
                break exists(error)
                break cart.items.count>=3
                watch error
                info watch
                unwatch cart.total
                unwatch cart.total
                unbreak 5
                delete 3 7
                info break
                delete
                info watch
                """)
        #expect(
            run.out == """
                no watchpoints or breakpoints
                watchpoint 1: cart.total (now 18.99)
                watchpoint 2: user.username (now "ada")
                watchpoint 3: cart.items[id=1].quantity (now 2)
                breakpoint 4: exists(error) (does not hold now)
                breakpoint 5: cart.items.count >= 3 (does not hold now)
                watchpoint 6: error (absent now)
                watchpoint 1: cart.total (now 18.99)
                watchpoint 2: user.username (now "ada")
                watchpoint 3: cart.items[id=1].quantity (now 2)
                breakpoint 4: exists(error) (does not hold now)
                breakpoint 5: cart.items.count >= 3 (does not hold now)
                watchpoint 6: error (absent now)
                deleted watchpoint 1: cart.total
                deleted breakpoint 5: cart.items.count >= 3
                watchpoint 2: user.username (now "ada")
                watchpoint 3: cart.items[id=1].quantity (now 2)
                breakpoint 4: exists(error) (does not hold now)
                watchpoint 6: error (absent now)
                deleted watchpoint 2: user.username
                deleted watchpoint 3: cart.items[id=1].quantity
                deleted breakpoint 4: exists(error)
                deleted watchpoint 6: error
                no watchpoints or breakpoints

                """)
        #expect(
            run.err == """
                error: line 8: cart.total is not watched
                error: line 10: no watchpoint or breakpoint 7

                """)
    }

    @Test func aWatchpointSetTwiceIsKeptOnce() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("counter.jsonl")],
            input: "watch count\nwatch .count count\ninfo watch\n")
        #expect(
            run.lines == [
                "watchpoint 1: count (now 0)", "watchpoint 1: count (already set; now 0)",
                "watchpoint 1: count (now 0)",
            ])
    }

    // MARK: --json

    @Test func jsonAnswersEveryBreakpointCommandWithOneLine() {
        let run = InspectorRun(
            ["step", BisectTestSupport.fixture("shop.jsonl"), "--json", "--at", "26"],
            input:
                "watch user cart.total\nwatch user\nbreak cart.total>50\ninfo watch\nc\nc\nunwatch user\ndelete\nbreak x ==\n"
        )
        #expect(run.err == "")
        #expect(
            run.lines == [
                #"{"added":[{"number":1,"kind":"watchpoint","path":"user","value":{"username":"grace","displayName":"Grace H.","token":"tok-grace-1"}},{"number":2,"kind":"watchpoint","path":"cart.total","value":36.99}]}"#,
                #"{"added":[{"number":1,"kind":"watchpoint","path":"user","value":{"username":"grace","displayName":"Grace H.","token":"tok-grace-1"},"alreadySet":true}]}"#,
                #"{"added":[{"number":3,"kind":"breakpoint","predicate":"cart.total > 50","holds":false}]}"#,
                #"{"watchpoints":[{"number":1,"kind":"watchpoint","path":"user","value":{"username":"grace","displayName":"Grace H.","token":"tok-grace-1"}},{"number":2,"kind":"watchpoint","path":"cart.total","value":36.99}],"breakpoints":[{"number":3,"kind":"breakpoint","predicate":"cart.total > 50","holds":false}]}"#,
                #"{"seq":27,"type":"setQuantity","action":{"setQuantity":{"itemID":4,"quantity":2}},"position":27,"count":27,"source":"recorded","changes":[{"path":"cart.items[id=4].quantity","kind":"changed","old":1,"new":2},{"path":"cart.total","kind":"changed","old":36.99,"new":60.99}],"fired":[{"number":2,"kind":"watchpoint","path":"cart.total","old":36.99,"new":60.99},{"number":3,"kind":"breakpoint","predicate":"cart.total > 50"}]}"#,
                #"{"seq":27,"type":"setQuantity","action":{"setQuantity":{"itemID":4,"quantity":2}},"position":27,"count":27,"source":"recorded","changes":[{"path":"cart.items[id=4].quantity","kind":"changed","old":1,"new":2},{"path":"cart.total","kind":"changed","old":36.99,"new":60.99}],"fired":[],"note":"already at the last step"}"#,
                #"{"deleted":[{"number":1,"kind":"watchpoint","path":"user"}]}"#,
                #"{"deleted":[{"number":2,"kind":"watchpoint","path":"cart.total"},{"number":3,"kind":"breakpoint","predicate":"cart.total > 50"}]}"#,
                #"{"error":"invalid predicate 'x ==': expected a path or a JSON value after \"==\" at column 5","line":9}"#,
            ])
    }
}
