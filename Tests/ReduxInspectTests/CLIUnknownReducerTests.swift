import Testing

@testable import ReduxInspect

/// A recording that names a reducer the inspector lacks: reading recorded states works,
/// replaying says which reducer is missing and how to get one.
@Suite struct CLIUnknownReducerTests {
    typealias Support = CLITestSupport

    let directory: CLITemporaryDirectory
    let file: String

    init() throws {
        directory = try CLITemporaryDirectory()
        file = try directory.file(
            "kitchen.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"kitchen","initialState":{"oven":"off","timer":0}}"#,
                #"{"seq":1,"type":"preheat","action":{"preheat":{"to":200}},"state":{"oven":"on","timer":0}}"#,
                #"{"seq":2,"type":"setTimer","action":{"setTimer":{"minutes":25}},"state":{"oven":"on","timer":25}}"#,
                #"{"seq":3,"type":"tick","action":{"tick":{}}}"#,
            ])
    }

    @Test func logAndShowWork() {
        let log = Support.run(["log", file])
        #expect(log.code == 0)
        #expect(
            log.out == """
                    1  preheat  {"preheat":{"to":200}}
                    2  setTimer  {"setTimer":{"minutes":25}}
                    3  tick  {"tick":{}}

                """)
        let show = Support.run(["show", file, "--at", "2", "--path", "timer"])
        #expect(show.code == 0)
        #expect(show.out == "25\n")
        #expect(Support.run(["show", file, "--at", "0"]).out == "{\n  \"oven\": \"off\",\n  \"timer\": 0\n}\n")
        let diff = Support.run(["diff", file, "1..2"])
        #expect(diff.out == "@@ seq 1 preheat @@\n~ oven: \"off\" → \"on\"\n@@ seq 2 setTimer @@\n~ timer: 0 → 25\n")
        let check = Support.run(["check", file])
        #expect(check.code == 0)
        #expect(check.out.hasSuffix(#"actions not decoded: no reducer named "kitchen""# + "\n"))
    }

    static let message =
        #"names reducer "kitchen", which this inspector does not have (it has: counter, shop, todos). "#
        + "Pass --reducer NAME, or build an inspector for your app: see 'redux-inspect help inspector'"

    @Test func replayNamesTheReducerAndHowToBuildOne() {
        let result = Support.run(["replay", file])
        #expect(result.code == 64)
        #expect(result.out == "")
        #expect(result.err == "Error: \(file): \(Self.message)\n")
    }

    /// An app's own inspector does not tell its user to build one, and names its reducer when
    /// it has only one.
    @Test func anAppsInspectorSuggestsItsOwnReducer() {
        let mine = Inspector(reducers: [Inspector.examples.reducers[0]], program: "my-inspector")
        let result = Support.run(["replay", file], inspector: mine)
        #expect(result.code == 64)
        let name = Inspector.examples.reducers[0].name
        #expect(
            result.err == "Error: \(file): names reducer \"kitchen\", which this inspector does not have (it has: \(name)). "
                + "Pass --reducer \(name), or add the reducer to this inspector: see 'my-inspector help inspector'\n")
        let unknown = Support.run(["replay", file, "--reducer", "nope"], inspector: mine)
        #expect(unknown.code == 64)
        #expect(unknown.err.hasSuffix("to replay another reducer, add it to this inspector: see 'my-inspector help inspector'\n"), "\(unknown)")
    }

    @Test func stepsWithoutAStateNeedTheReducer() {
        let show = Support.run(["show", file, "--at", "3"])
        #expect(show.code == 64)
        #expect(show.err == "Error: \(file): \(Self.message)\n")
        let diff = Support.run(["diff", file, "3"])
        #expect(diff.code == 64)
        #expect(diff.err == "Error: \(file): \(Self.message)\n")
    }
}

/// A `--reducer` other than the one a recording names: where the recording's values do not
/// decode, the error names the reducer the recording was made with, the likeliest cause, in
/// place of the hint about a property added since.
@Suite struct CLIOverriddenReducerTests {
    typealias Support = CLITestSupport

    @Test(arguments: ["replay", "check", "verify"])
    func aStateThatDoesNotDecodeNamesTheRecordingsReducer(command: String) {
        let file = Support.fixture("shop.jsonl")
        let result = Support.run([command, file, "--reducer", "counter"])
        #expect(result.code == 65, "\(result)")
        #expect(
            result.err.contains(
                #"\#(file):1:126: cannot decode the state as ReduxExamples.Counter.State: at (root): missing key "count"; "#
                    + #"the recording names reducer "shop": --reducer counter replays it with another"# + "\n"),
            "\(result)")
    }

    @Test func anActionThatDoesNotDecodeNamesTheRecordingsReducer() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "counter.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter"}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
            ])
        let result = Support.run(["replay", file, "--reducer", "todos"])
        #expect(result.code == 65, "\(result)")
        #expect(result.err.hasPrefix("Error: \(file):2:"), "\(result)")
        #expect(
            result.err.contains(#"unknown case "increment" of Action; the recording names reducer "counter": --reducer todos replays it with another (seq 1)"#),
            "\(result)")
    }

    /// The same reducer given by name is no override: a missing key keeps its own hint.
    @Test func theRecordingsOwnReducerGivenByNameKeepsTheMissingKeyHint() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "counter.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"other":1}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
            ])
        for arguments in [["replay", file], ["replay", file, "--reducer", "counter"]] {
            let result = Support.run(arguments)
            #expect(result.code == 65, "\(result)")
            #expect(result.err.contains("if count was added after this recording was made"), "\(result)")
            #expect(!result.err.contains("the recording names reducer"), "\(result)")
        }
    }
}
