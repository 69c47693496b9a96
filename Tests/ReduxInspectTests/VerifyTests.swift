import ExampleInspector
import Foundation
import Redux
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@testable import ReduxInspect

@Suite struct VerifyTests {
    typealias CLI = CLITestSupport

    /// A copy of the shop fixture whose recorded total after seq 13 is off by a cent.
    @discardableResult
    static func tamperedShop(in directory: CLITemporaryDirectory, name: String = "shop.jsonl") throws -> String {
        var lines = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).components(separatedBy: "\n")
        try #require(lines[13].hasPrefix(#"{"seq":13,"#))
        try #require(lines[13].contains(#""total":46.47"#))
        lines[13] = lines[13].replacingOccurrences(of: #""total":46.47"#, with: #""total":46.48"#)
        return try directory.file(name, lines.joined(separator: "\n"))
    }

    @Test func shippedFixturesAllPass() {
        // Fixtures/bad/ holds the bad-input corpus; a directory's subdirectories are not searched.
        let result = CLI.run(["verify", CLI.fixturesDirectory.path])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.last == "3 passed, 0 failed")
        let files = result.outLines.filter { $0.hasPrefix("PASS") }.map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(files.map(String.init) == CLI.fixtures)
    }

    @Test func aChangedRecordedStateFailsNamingSeqActionAndBothValues() throws {
        let directory = try CLITemporaryDirectory()
        let shop = try Self.tamperedShop(in: directory)
        let counter = try directory.file("z-counter.jsonl", String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8))
        let result = CLI.run(["verify", directory.url.path])
        #expect(result.code == 1)
        #expect(result.outLines.contains("FAIL  \(shop):14: seq 13 addPackageToCart: diverged"))
        #expect(result.outLines.contains("    ~ cart.total: 46.48 → 46.47"))
        #expect(result.outLines.contains { $0.hasPrefix("PASS  \(counter)") }, "verification goes on with the next file")
        #expect(result.outLines.last == "1 passed, 1 failed")
    }

    /// A line after the first divergence that does not parse (a state cut off inside) made
    /// `verify` report the file as diverged (1), the replay having stopped before it, where
    /// `check` and `replay` call it malformed (65): a corrupt golden read as drift in CI.
    @Test func aMalformedLineAfterADivergenceIsAnError() throws {
        let directory = try CLITemporaryDirectory()
        var lines = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).components(separatedBy: "\n")
        try #require(lines[20].hasPrefix(#"{"seq":20,"#) && lines[20].contains(#""state":{"#))
        lines[20] = lines[20].replacingOccurrences(of: #""state":{"#, with: #""state":{"cart":[1}, "#)
        let corrupt = try directory.file("corrupt.jsonl", lines.joined(separator: "\n"))
        try Self.tamperedShop(in: directory, name: "tampered.jsonl")
        let tampered = try String(contentsOfFile: directory.url.appendingPathComponent("tampered.jsonl").path, encoding: .utf8)
        var both = tampered.components(separatedBy: "\n")
        both[20] = lines[20]
        let file = try directory.file("both.jsonl", both.joined(separator: "\n"))
        let check = CLI.run(["check", file])
        #expect(check.code == 65, "\(check)")
        let verified = CLI.run(["verify", file])
        #expect(verified.code == 65, "\(verified)")
        #expect(verified.outLines.first == "ERROR \(check.err.dropFirst("Error: ".count).dropLast())", "\(verified)")
        #expect(verified.outLines.last == "0 passed, 0 failed, 1 error", "\(verified)")
        #expect(CLI.run(["verify", corrupt]).code == 65)
    }

    /// A golden edited by hand may write a number another way (`46.470`, `4.65e1`): the same
    /// value is no divergence, for `verify` as for `replay`, while another value still is.
    @Test func aNumberWrittenAnotherWayMatches() throws {
        let directory = try CLITemporaryDirectory()
        var lines = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).components(separatedBy: "\n")
        try #require(lines[13].contains(#""total":46.47"#) && lines[2].contains(#""price":9.99"#))
        lines[13] = lines[13].replacingOccurrences(of: #""total":46.47"#, with: #""total":4647e-2"#)
        lines[2] = lines[2].replacingOccurrences(of: #""price":9.99"#, with: #""price":9.990"#)
        let respelled = try directory.file("respelled.jsonl", lines.joined(separator: "\n"))
        let verified = CLI.run(["verify", respelled])
        #expect(verified.code == 0, "\(verified)")
        let replayed = CLI.run(["replay", respelled])
        #expect(replayed.code == 0 && !replayed.out.contains("differs"), "\(replayed)")
        let tampered = try Self.tamperedShop(in: directory)
        #expect(CLI.run(["verify", tampered]).code == 1)
    }

    @Test func junitReportHasATestcasePerRecordingAndOneFailure() throws {
        let directory = try CLITemporaryDirectory()
        try Self.tamperedShop(in: directory)
        for name in ["counter.jsonl", "todos.jsonl"] {
            try directory.file(name, String(contentsOfFile: CLI.fixture(name), encoding: .utf8))
        }
        let report = directory.path("report.xml")
        let result = CLI.run(["verify", directory.url.path, "--junit", report])
        #expect(result.code == 1)
        let counts = try XMLElementCounter.count(contentsOf: report)
        #expect(counts["testsuites"] == 1)
        #expect(counts["testcase"] == 3)
        #expect(counts["failure"] == 1)
        #expect(counts["error"] == nil)
        // Where annotating tools put the failure: the recording, and its line that diverged.
        let shop = directory.path("shop.jsonl")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"name="shop.jsonl" file="\#(shop)" line="14""#))
        // The suite is named after the inspector that ran it, an app's own too.
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"<testsuite name="redux-inspect verify""#))
        let mine = Inspector(reducers: Inspector.examples.reducers, program: "my-inspector")
        #expect(CLI.run(["verify", directory.url.path, "--junit", report], inspector: mine).code == 1)
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"<testsuite name="my-inspector verify""#))
    }

    /// The end marker's state is the last step's again: the UPDATED line names it apart, and
    /// counts the states after steps, as the paths listed under it count them.
    @Test func theUpdatedLineNamesTheEndMarkersStateApart() throws {
        let directory = try CLITemporaryDirectory()
        let lines = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).split(separator: "\n").map {
            line in
            line.hasPrefix(#"{"seq":26,"#) || line.hasPrefix(#"{"seq":27,"#) || line.hasPrefix(#"{"end""#)
                ? line.replacingOccurrences(of: #""token":"tok-grace-1""#, with: #""token":"forged""#) : String(line)
        }
        try #require(lines.filter { $0.contains(#""token":"forged""#) }.count == 3)
        let file = try directory.file("shop.jsonl", lines: lines)
        let report = directory.path("report.xml")
        let update = CLI.run(["verify", file, "--update", "--junit", report])
        #expect(update.code == 0, "\(update)")
        // The report says it was rewritten, where it passes.
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<system-err>rewritten by --update, as the UPDATED line of the log says</system-err>"))
        let states = 2
        #expect(update.outLines.contains("    user.token  (seq 26 and 27)"), "\(update)")
        #expect(update.outLines.first == "UPDATED \(file): \(states) state\(states == 1 ? "" : "s") and the end marker's rewritten", "\(update)")
    }

    /// A recording named that does not exist stops the run before it starts (66): a report
    /// left from an earlier run, in a CI workspace kept between builds, was left in place and
    /// published as this run's. The report now holds the error.
    @Test func aRunStoppedBeforeItStartsReplacesAnOldReport() throws {
        let directory = try CLITemporaryDirectory()
        let report = try directory.file("report.xml", "stale")
        let missing = directory.path("missing.jsonl")
        let result = CLI.run(["verify", CLI.fixture("shop.jsonl"), missing, "--junit", report])
        #expect(result.code == 66, "\(result)")
        let counts = try XMLElementCounter.count(contentsOf: report)
        #expect(counts["testcase"] == 1 && counts["error"] == 1, "\(counts)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("missing.jsonl: no such file or directory"))
    }

    @Test func subdirectoriesAreSearchedOnlyWhenRecursive() throws {
        let directory = try CLITemporaryDirectory()
        let counter = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        try directory.file("top.jsonl", counter)
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try directory.file("nested/inner.jsonl", counter)
        try directory.file("nested/broken.jsonl", "{not json\n")
        let flat = CLI.run(["verify", directory.url.path])
        #expect(flat.code == 0)
        #expect(flat.outLines.last == "1 passed, 0 failed")
        let deep = CLI.run(["verify", "--recursive", directory.url.path])
        #expect(deep.code == 65)
        #expect(deep.outLines.last == "2 passed, 0 failed, 1 error")
        #expect(deep.outLines.contains { $0.hasPrefix("PASS  \(directory.path("nested/inner.jsonl"))") })
        // A folder whose recordings are all in subfolders says how to reach them.
        try FileManager.default.removeItem(atPath: directory.path("top.jsonl"))
        let none = CLI.run(["verify", directory.url.path])
        #expect(none.code == 66)
        #expect(none.err.contains("no recordings: expected *.jsonl files in this directory (its subdirectories hold 2: add --recursive)"), "\(none.err)")
    }

    /// A file named two ways (`DIR/./a.jsonl` beside `DIR`) is verified once, under the
    /// spelling met first; it used to be verified once per spelling.
    @Test func aFileNamedTwoWaysIsVerifiedOnce() throws {
        let directory = try CLITemporaryDirectory()
        let counter = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        let a = try directory.file("a.jsonl", counter)
        let b = try directory.file("b.jsonl", counter)
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let root = directory.url.path
        let result = CLI.run(["verify", root, root + "/./b.jsonl", root + "//a.jsonl", root + "/sub/../a.jsonl"])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.filter { $0.hasPrefix("PASS") }.map { String($0.split(separator: " ")[1]) } == [a, b])
        #expect(result.outLines.last == "2 passed, 0 failed")
        // The first spelling is kept, and the files stay in sorted order.
        let dotted = root + "/./b.jsonl"
        let first = CLI.run(["verify", dotted, root])
        #expect(first.outLines.filter { $0.hasPrefix("PASS") }.map { String($0.split(separator: " ")[1]) } == [dotted, a])
    }

    /// A link to a file is a file of its own, as in a directory's listing: only the spelling
    /// of the path to it is resolved.
    @Test func aLinkToAFileIsStillVerifiedUnderItsOwnName() throws {
        let directory = try CLITemporaryDirectory()
        let a = try directory.file("a.jsonl", String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8))
        let link = directory.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: a)
        let result = CLI.run(["verify", a, link])
        #expect(result.outLines.last == "2 passed, 0 failed", "\(result)")
    }

    /// In the log of a run of more than ten recordings, those that did not pass are listed
    /// again above the counts, their first lines in file order; a short run's are not.
    @Test func aLongRunListsWhatDidNotPassAgain() throws {
        let directory = try CLITemporaryDirectory()
        let counter = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        for index in 1...VerifyCommand.recapThreshold { try directory.file("c\(index).jsonl", counter) }
        let shop = try Self.tamperedShop(in: directory)
        let long = CLI.run(["verify", directory.url.path])
        #expect(long.code == 1, "\(long)")
        let failLine = try #require(long.outLines.first { $0.hasPrefix("FAIL") })
        #expect(long.outLines.suffix(3) == ["not passed:", "  " + failLine, "\(VerifyCommand.recapThreshold) passed, 1 failed"], "\(long)")
        #expect(failLine.hasPrefix("FAIL  \(shop):14: "))
        let short = CLI.run(["verify", shop, CLI.fixture("counter.jsonl")])
        #expect(!short.outLines.contains("not passed:"), "\(short)")
    }

    @Test(arguments: [1, 2, 3, 4, 7])
    func shardsCoverEveryFileExactlyOnce(count: Int) throws {
        let directory = try CLITemporaryDirectory()
        let counter = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        let all = try (1...11).map { try directory.file("session-\($0).jsonl", counter) }.sorted()
        var seen: [String] = []
        let report = directory.path("report.xml")
        for index in 1...count {
            let result = CLI.run(["verify", directory.url.path, "--shard", "\(index)/\(count)", "--junit", report])
            #expect(result.code == 0)
            seen += result.outLines.filter { $0.hasPrefix("PASS") }.map { String($0.split(separator: " ")[1]) }
            // Each shard's report is named apart, for a CI matrix that gathers them.
            #expect(try String(contentsOfFile: report, encoding: .utf8).contains(#"name="redux-inspect verify (shard \#(index)/\#(count))""#))
        }
        #expect(seen.sorted() == all)
        #expect(Set(seen).count == seen.count)
    }

    @Test func updateRestoresAFileThatVerifiesWithHeaderAndActionsByteIdentical() throws {
        let directory = try CLITemporaryDirectory()
        let shop = try Self.tamperedShop(in: directory)
        let before = try String(contentsOfFile: shop, encoding: .utf8)
        let update = CLI.run(["verify", shop, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(update.outLines.first == "UPDATED \(shop): 1 state rewritten")
        // The file's line says it passes because of the rewrite, not that it was verified again.
        #expect(
            update.outLines.contains { $0.hasPrefix("PASS  \(shop)  (") && $0.hasSuffix(" states compared, rewritten above)") },
            "\(update)")
        let after = try String(contentsOfFile: shop, encoding: .utf8)
        #expect(after == (try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8)))
        let changedLines = zip(before.components(separatedBy: "\n"), after.components(separatedBy: "\n")).filter { $0 != $1 }
        #expect(changedLines.count == 1)
        #expect(CLI.run(["verify", shop]).code == 0)
    }

    /// Past the first difference, shown in full, the paths where the rewritten states differ:
    /// a reducer change that touches two parts of the state showed only the first.
    @Test func updateNamesThePathsWhereTheRewrittenStatesDiffer() throws {
        let directory = try CLITemporaryDirectory()
        let lines = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8).split(separator: "\n")
        let tampered = try lines.map { line -> String in
            guard case .object(var entry) = try JSONParser.parse(String(line)), case .number(let seq)? = entry["seq"],
                case .object(var state)? = entry["state"], let number = Int(seq.text)
            else { return String(line) }
            if number > 10, case .bool(let loading)? = state["isLoading"] { state["isLoading"] = .bool(!loading) }
            if number == 5 || number == 20, case .object(var cart)? = state["cart"] {
                cart["total"] = .string("1.00")
                state["cart"] = .object(cart)
            }
            entry["state"] = .object(state)
            return JSONValue.object(entry).compactText
        }
        let file = try directory.file("shop.jsonl", lines: tampered)
        let update = CLI.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(update.outLines.first == "UPDATED \(file): 18 states rewritten")
        #expect(
            Array(update.outLines.drop { $0 != "  the rewritten states differ at:" }.prefix(3)) == [
                "  the rewritten states differ at:",
                "    cart.total  (seq 5 and 20)",
                "    isLoading  (17 states, seq 11…27)",
            ], "\(update)")
        #expect(CLI.run(["verify", file]).code == 0)
    }

    /// A counter recording of one step, whose second line a crash cut short; the first step
    /// records `count` as `stateAfterFirstStep` (1 is what the reducer makes).
    static func counterCutShort(in directory: CLITemporaryDirectory, stateAfterFirstStep count: Int) throws -> String {
        try directory.file(
            "counter.jsonl",
            [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":\#(count)}}"#,
                #"{"seq":2,"type":"incr"#,
            ].joined(separator: "\n"))
    }

    /// `--update` warns about a truncated last line as a plain verify does: it rewrites the
    /// states it replayed, not the line a crash cut short.
    @Test func updateWarnsAboutATruncatedLastLine() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.counterCutShort(in: directory, stateAfterFirstStep: 5)
        let update = CLI.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(update.outLines.first == "UPDATED \(file): 1 state rewritten")
        #expect(update.err.hasPrefix("warning: \(file):3:17: truncated last line ignored"), "\(update)")
    }

    /// A header's initial state the reducer reads differently (here a member the state has no
    /// property for any more; a property added since, read with its default, is the same) is
    /// rewritten with the states, so that the first step's diff is the action's alone.
    @Test func updateRewritesAnInitialStateTheReducerReadsDifferently() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("counter.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0,"dropped":true}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1,"dropped":true}}"#,
        ])
        let update = CLI.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(update.outLines.first == "UPDATED \(file): 1 state and the header's initial state rewritten")
        #expect(update.outLines.contains { $0.hasPrefix("PASS  \(file)  (") && $0.hasSuffix(", rewritten above)") }, "\(update)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#, "",
        ].joined(separator: "\n"))
        #expect(CLI.run(["diff", file, "1"]).out == "@@ seq 1 increment @@\n~ count: 0 → 1\n")
    }

    /// A file whose states all match but whose header the reducer reads differently (a golden
    /// updated before headers were) has its header rewritten alone; a header member of its
    /// own named `state` is not the initial state.
    @Test func updateRewritesAHeaderThatAloneDiffers() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("counter.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","state":"beta","initialState":{"count":0,"dropped":1}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
        ])
        #expect(CLI.run(["verify", file]).code == 0)
        let update = CLI.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        #expect(update.outLines.first == "UPDATED \(file): the header's initial state rewritten")
        #expect(update.outLines.last == "1 passed, 0 failed")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","state":"beta","initialState":{"count":0}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#, "",
        ].joined(separator: "\n"))
        // Nothing left to rewrite.
        #expect(!CLI.run(["verify", file, "--update"]).out.contains("UPDATED"))
    }

    /// A state missing a key, the mark of a property added after the recording was made, says
    /// how to read such recordings, and `help inspector` shows how.
    @Test func aStateMissingAKeySaysHowToReadOlderRecordings() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("counter.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{}}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"#,
        ])
        let verify = CLI.run(["verify", file])
        #expect(verify.code == 65)
        #expect(
            verify.err.contains(
                #"missing key "count"; if count was added after this recording was made, make it optional or decode it with a default in its type's init(from:) (see help inspector)"#),
            "\(verify)")
        #expect(CLI.run(["help", "inspector"]).out.contains("decodeIfPresent"))
        // Only a key the state's decoder missed gets the hint, not another failure.
        try directory.file("mismatch.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":"x: missing key y"}}"#,
        ])
        let mismatch = CLI.run(["verify", directory.path("mismatch.jsonl")])
        #expect(mismatch.code == 65 && !mismatch.err.contains("added after"), "\(mismatch)")
    }

    /// A character XML cannot hold is written in the report as the text report writes it
    /// (`\u{1B}`), so that a name found in one is found in the other.
    @Test func theJUnitReportEscapesAsTheTextReportDoes() {
        #expect(JUnitReport.escape("esc\u{1B}x\u{FFFE}") == #"esc\u{1B}x\u{FFFE}"#)
        #expect(JUnitReport.escape("esc\u{1B}") == TerminalText.escape("esc\u{1B}"))
    }

    /// A warning (a truncated last line) goes with its test case in the JUnit report, where
    /// CI shows it, not only to standard error.
    @Test func theJUnitReportCarriesWarnings() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.counterCutShort(in: directory, stateAfterFirstStep: 1)
        let report = directory.path("report.xml")
        let result = CLI.run(["verify", file, "--junit", report])
        #expect(result.code == 0, "\(result)")
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("<system-err>warning: \(file):3:17: truncated last line ignored"), "\(xml)")
        let counts = try XMLElementCounter.count(contentsOf: report)
        #expect(counts["testcase"] == 1 && counts["system-err"] == 1 && counts["failure"] == nil)
    }

    @Test func updateKeepsUnknownMembersAndRewritesTheEndMarker() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("counter.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0},"extra":"kept"}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":5},"note":"kept too"}"#,
            #"{"seq":2,"type":"increment","action":{"increment":{}}}"#,
            #"{"end":{"seq":2,"state":{"count":9}}}"#,
        ])
        #expect(CLI.run(["verify", file]).code == 1)
        #expect(CLI.run(["verify", file, "--update"]).code == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0},"extra":"kept"}"#,
            #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1},"note":"kept too"}"#,
            #"{"seq":2,"type":"increment","action":{"increment":{}}}"#,
            #"{"end":{"seq":2,"state":{"count":2}}}"#, "",
        ].joined(separator: "\n"))
    }

    @Test func aRecordingWithoutStatesIsCheckedAgainstItsFinalState() throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("todos.jsonl"), encoding: .utf8)
        let file = try directory.file("todos.jsonl", text.replacingOccurrences(of: #""showCompleted":true}"#, with: #""showCompleted":false}"#))
        let result = CLI.run(["verify", file])
        #expect(result.code == 1)
        #expect(result.outLines.contains("    ~ settings.showCompleted: false → true"))
    }

    @Test func aReducerThatReadsTheClockIsReportedByCheckDeterminism() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file("clock.jsonl", lines: [
            #"{"seq":1,"type":"tick","action":{"tick":{}}}"#, #"{"seq":2,"type":"tick","action":{"tick":{}}}"#,
        ])
        let clockReducer = Reducer<ClockState, ClockAction> { state, _ in
            state.ticks += 1
            state.lastTick = Date().timeIntervalSince1970 + Double.random(in: 0..<1)
        }
        let inspector = Inspector(reducers: [InspectableReducer(name: "clock", reducer: clockReducer, initialState: ClockState())])
        #expect(CLI.run(["verify", file], inspector: inspector).code == 0, "no recorded state to compare: passes")
        let result = CLI.run(["verify", file, "--check-determinism"], inspector: inspector)
        #expect(result.code == 1)
        #expect(result.outLines.contains { $0.hasSuffix("seq 1 tick: the reducer is not deterministic") })
        #expect(result.outLines.contains { $0.hasPrefix("    ~ lastTick: ") })
        // The differences follow the line that announces them; the hint comes after them.
        let announced = try #require(result.outLines.firstIndex { $0.hasSuffix("(first → second):") })
        #expect(result.outLines[announced + 1].hasPrefix("    ~ "), "\(result)")
        let hint = try #require(result.outLines.firstIndex { $0.hasPrefix("  a reducer must not read the clock") })
        #expect(hint > announced + 1 && result.outLines[hint - 1].hasPrefix("    "), "\(result)")
        // The summary counts the step both replays ran before they differed (it said 0).
        #expect(result.outLines.contains { $0.hasPrefix("verified 1 recording, 1 step, ") }, "\(result)")
        // A check that found nothing says in the summary that it ran.
        let passed = CLI.run(["verify", CLI.fixturesDirectory.path, "--check-determinism"])
        #expect(passed.code == 0)
        #expect(passed.outLines.contains { $0.hasSuffix(" s, each replayed twice more to check determinism") }, "\(passed)")
        #expect(!CLI.run(["verify", CLI.fixturesDirectory.path]).out.contains("determinism"))
    }

    @Test func aClockReadingReducerIsReportedEvenWhenItsRecordedStatesDiverge() throws {
        let directory = try CLITemporaryDirectory()
        let clockReducer = Reducer<ClockState, ClockAction> { state, _ in
            state.ticks += 1
            state.lastTick = Date().timeIntervalSince1970 + Double.random(in: 0..<1)
        }
        let text = RecordedSession.text(
            from: ClockState(), clockReducer, options: .init(reducer: "clock"), dispatching: [.tick, .tick])
        let file = try directory.file("clock.jsonl", text)
        let inspector = Inspector(reducers: [InspectableReducer(name: "clock", reducer: clockReducer, initialState: ClockState())])
        #expect(CLI.run(["verify", file], inspector: inspector).outLines.contains { $0.hasSuffix("seq 1 tick: diverged") })
        let result = CLI.run(["verify", file, "--check-determinism"], inspector: inspector)
        #expect(result.code == 1)
        #expect(result.outLines.contains { $0.hasSuffix("seq 1 tick: the reducer is not deterministic") }, "\(result)")
    }

    @Test func updateThroughASymbolicLinkRewritesTheTargetAndKeepsTheLink() throws {
        let directory = try CLITemporaryDirectory()
        let target = try Self.tamperedShop(in: directory, name: "target.jsonl")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
        let link = directory.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(CLI.run(["verify", link, "--update"]).code == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(CLI.run(["verify", target]).code == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// An update that cannot be written is that file's ERROR, named as the user named it, with
    /// the system's reason as other errors give it; it named the link's target, with
    /// Foundation's sentence ("The operation could not be completed…").
    @Test func anUpdateThatCannotBeWrittenSaysWhyInTheUsualWords() throws {
        let directory = try CLITemporaryDirectory()
        let target = try Self.tamperedShop(in: directory, name: "target.jsonl")
        let link = directory.path("link.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        // The file the update is written to first, beside the target, is a directory.
        try FileManager.default.createDirectory(
            atPath: directory.path(".target.jsonl.\(getpid()).tmp"), withIntermediateDirectories: false)
        let before = try String(contentsOfFile: target, encoding: .utf8)
        let result = CLI.run(["verify", link, "--update"])
        #expect(result.code == 66, "\(result)")
        #expect(result.outLines.first == "ERROR \(link): cannot write the update: Is a directory", "\(result)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == before)
    }

    /// A golden named twice, itself and through a link, is verified twice as it was before
    /// either is rewritten: files are updated once all are verified, so neither name's
    /// outcome depends on which was verified first. (With a long file between the two, the
    /// link was verified after the golden had been rewritten, on two cores, and passed.)
    @Test func aGoldenNamedTwiceIsUpdatedUnderBothNamesAlike() throws {
        let directory = try CLITemporaryDirectory()
        let target = try Self.tamperedShop(in: directory, name: "a.jsonl")
        let long = try StepPseudoTerminalTests.longRecording(steps: 100_000)
        defer { try? FileManager.default.removeItem(atPath: long) }
        try FileManager.default.createSymbolicLink(atPath: directory.path("b.jsonl"), withDestinationPath: long)
        let link = directory.path("c.jsonl")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let result = CLI.run(["verify", target, directory.path("b.jsonl"), link, "--update"])
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.filter { $0.hasPrefix("UPDATED ") }.count == 2, "\(result)")
        #expect(result.outLines.contains { $0.hasPrefix("verified 3 recordings") && $0.hasSuffix(", 2 updated") }, "\(result)")
    }

    @Test func aDivergenceOnARedactedValueSaysSo() throws {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: LoginState(), loginReducer, options: .init(reducer: "login", redactedKeys: ["password"]),
            dispatching: [.login(password: "hunter2")])
        let file = try directory.file("login.jsonl", text)
        let inspector = Inspector(reducers: [InspectableReducer(name: "login", reducer: loginReducer, initialState: LoginState())])
        let result = CLI.run(["verify", file], inspector: inspector)
        #expect(result.code == 1)
        #expect(result.outLines.contains(#"    ~ lastAttempt: "hunter2" → "<redacted>""#))
        #expect(result.outLines.contains(#"  note: lastAttempt holds a redacted value; the replay used the "<redacted>" placeholder"#))
        #expect(
            result.outLines.contains(
                #"  note: the action of seq 1 holds a value the recorder redacted; where the state depends on it, it "#
                    + #"cannot be replayed (the replay reads the placeholder as "<redacted>", 0, false, an empty Data or the all-zero UUID)"#))

        // Without states, the difference seen at the end may come from any of the actions:
        // the note counts those that hold a redacted value, rather than name the first alone.
        let neverText = RecordedSession.text(
            from: LoginState(), loginReducer, options: .init(reducer: "login", statePolicy: .never, redactedKeys: ["password"]),
            dispatching: ["a", "b", "c"].map { .login(password: $0) })
        let never = CLI.run(["verify", try directory.file("never.jsonl", neverText)], inspector: inspector)
        #expect(never.code == 1)
        #expect(
            never.outLines.contains(
                #"  note: 3 actions of seq 1…3 hold a value the recorder redacted; where the state depends on it, it "#
                    + #"cannot be replayed (the replay reads the placeholder as "<redacted>", 0, false, an empty Data or the all-zero UUID)"#), "\(never)")
    }

    /// A difference seen at a recorded state may come from any step since the last one
    /// compared: naming only the step where it was seen sent users to the wrong action.
    @Test(arguments: [RecordingStatePolicy.every(5), .never])
    func aDifferenceSeenAfterStepsWithoutStatesNamesEveryStepThatMayHaveMadeIt(_ policy: RecordingStatePolicy) throws {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: TallyState(), tallyReducer(countingTwice: nil), options: .init(reducer: "tally", statePolicy: policy),
            dispatching: (1...12).map { .add($0) })
        let file = try directory.file("tally.jsonl", text)
        // Today's reducer adds 7 twice.
        let drifted = InspectableReducer(name: "tally", reducer: tallyReducer(countingTwice: 7), initialState: TallyState())

        let result = CLI.run(["verify", file], inspector: Inspector(reducers: [drifted]))

        #expect(result.code == 1)
        // Seen at seq 10's state, or at the end marker's when no other is recorded.
        let (line, seq, first, recorded) = policy == .never ? (14, 12, 1, 78) : (11, 10, 6, 55)
        #expect(result.outLines.contains("FAIL  \(file):\(line): seq \(seq) add: diverged"), "\(result)")
        #expect(result.outLines.contains("    ~ total: \(recorded) → \(recorded + 7)"), "\(result)")
        #expect(
            result.outLines.contains(
                "  note: no state is recorded for the steps before it back to seq \(first): the step that made the "
                    + "difference is one of seq \(first)…\(seq); to list the steps that change it: redux-inspect blame "
                    + "\(file) total"),
            "\(result)")
    }

    /// The tally of 1…8 with `add(4)` left out by the recorder's filter: a gap before seq 5.
    private static func tallyWithoutAdd4(in directory: CLITemporaryDirectory) throws -> String {
        let text = RecordedSession.text(
            from: TallyState(), tallyReducer(countingTwice: nil),
            options: .init(reducer: "tally", shouldRecord: { if case .add(4) = $0 { false } else { true } }),
            dispatching: (1...8).map { .add($0) })
        return try directory.file("tally.jsonl", text)
    }

    /// After a gap the replay goes on from the state recorded next, so that state was in effect
    /// compared: the note named it, and the gap's step, as steps that may have made a
    /// difference seen at the step after it.
    @Test func aStateTakenAfterAGapIsNotAmongTheStepsThatMayHaveMadeADifference() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.tallyWithoutAdd4(in: directory)
        let drifted = InspectableReducer(name: "tally", reducer: tallyReducer(countingTwice: 6), initialState: TallyState())

        let result = CLI.run(["verify", file], inspector: Inspector(reducers: [drifted]))

        #expect(result.code == 1)
        #expect(result.outLines.contains("FAIL  \(file):6: seq 6 add: diverged"), "\(result)")
        #expect(result.outLines.contains("    ~ total: 21 → 27"), "\(result)")
        #expect(!result.out.contains("note:"), "\(result)")
    }

    /// A pass over a recording with entries missing says how many states it took as recorded
    /// after them, which it did not compare: a reducer that changed there passed in silence,
    /// and `--update` left the old state in the golden without a word.
    @Test func aPassSaysWhichStatesWereTakenAfterMissingEntries() throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.tallyWithoutAdd4(in: directory)
        // Today's reducer counts 5 twice: the state recorded after the missing entry, at seq
        // 5, is taken as it is, and the replay from it makes the others.
        let drifted = Inspector(reducers: [
            InspectableReducer(name: "tally", reducer: tallyReducer(countingTwice: 5), initialState: TallyState())
        ])
        let note =
            "  note: 1 recorded state after missing entries was taken as recorded, not compared: the replay cannot "
            + "know what the missing actions did"

        let result = CLI.run(["verify", file], inspector: drifted)
        #expect(result.code == 0, "\(result)")
        #expect(result.outLines.first == "PASS  \(file)  (7 steps, 7 states compared)", "\(result)")
        #expect(result.outLines.dropFirst().first == note, "\(result)")
        let clean = CLI.run(["verify", CLI.fixture("counter.jsonl")])
        #expect(!clean.out.contains("note:"), "\(clean)")
    }

    /// The command that note suggests follows a path that names no element by position where
    /// the difference has one: the n-th entry of a growing history is another one at each step.
    @Test func theSuggestedBlameFollowsAPathWithoutPositions() throws {
        let directory = try CLITemporaryDirectory()
        let text = RecordedSession.text(
            from: HistoryState(), historyReducer(countingTwice: nil), options: .init(reducer: "history", statePolicy: .never),
            dispatching: (1...6).map { .add($0) })
        let file = try directory.file("history.jsonl", text)
        let drifted = InspectableReducer(name: "history", reducer: historyReducer(countingTwice: 3), initialState: HistoryState())
        let result = CLI.run(["verify", file], inspector: Inspector(reducers: [drifted]))
        #expect(result.code == 1)
        // The history's entries change first in the list, but by position.
        let firstChange = try #require(result.outLines.first { $0.hasPrefix("    ~ ") || $0.hasPrefix("    + ") })
        #expect(firstChange.hasPrefix("    ~ past["), "\(result)")
        #expect(result.outLines.contains { $0.hasSuffix("to list the steps that change it: redux-inspect blame \(file) total") }, "\(result)")
    }

    @Test func aTruncatedLastLineIsAWarningAsInTheOtherCommands() throws {
        let directory = try CLITemporaryDirectory()
        let text = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
        let file = try directory.file("cut.jsonl", text + #"{"seq":23,"time":"2026-11-22T10:00:0"#)
        let result = CLI.run(["verify", file])
        #expect(result.code == 0)
        #expect(result.err.hasPrefix("warning: \(file):25:"))
        #expect(result.err.contains("truncated last line ignored"))
    }

    /// A recording without states, cut short before its end marker, replays but compares
    /// nothing: it passes, and says that nothing was compared. One that compared a state does not.
    @Test func aPassThatComparedNoStateSaysSo() throws {
        let directory = try CLITemporaryDirectory()
        let lines = try String(contentsOfFile: CLI.fixture("counter.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let entries = try lines.dropFirst().filter { !$0.hasPrefix(#"{"end""#) }.map { line in
            var entry = try #require(try JSONParser.parse(line).objectValue)
            entry["state"] = nil
            return JSONValue.object(entry).compactText
        }
        let file = try directory.file("cut.jsonl", lines: [lines[0]] + entries)
        let result = CLI.run(["verify", file])
        #expect(result.code == 0)
        #expect(
            result.outLines.prefix(2) == [
                "PASS  \(file)  (\(entries.count) steps, 0 states compared)",
                "  note: no state was compared, as the recording holds none a replay reaches (no end marker, "
                    + "or entries missing before it): only that every action decodes and replays was checked",
            ])
        let whole = CLI.run(["verify", CLI.fixture("counter.jsonl")])
        #expect(!whole.out.contains("note:"), "\(whole)")
    }

    @Test func filesThatCannotBeVerifiedGetTheirExitCodes() throws {
        let directory = try CLITemporaryDirectory()
        let malformed = try directory.file("bad.jsonl", lines: [#"{"seq":1,"action":{"increment":{}},}"#])
        #expect(CLI.run(["verify", malformed, "--reducer", "counter"]).code == 65)
        #expect(CLI.run(["verify", directory.path("missing.jsonl")]).code == 66)
        let unknown = try directory.file("unknown.jsonl", lines: [
            #"{"format":"redux-inspect","version":1,"reducer":"elsewhere"}"#, #"{"seq":1,"action":{"go":{}}}"#,
        ])
        let result = CLI.run(["verify", unknown])
        #expect(result.code == 64)
        #expect(result.out.contains(#"names reducer "elsewhere""#))
    }

    @Test(arguments: [["--shard", "0/3"], ["--shard", "4/3"], ["--shard", "x"], ["--shard", "+1/3"], ["--shard", "1/3/3"], ["--reducer", "nope"], ["--update", "--check-determinism"]])
    func badOptionsAreUsageErrors(options: [String]) {
        let result = CLI.run(["verify", CLI.fixturesDirectory.path] + options)
        #expect(result.code == 64, "\(result)")
    }
}

struct ClockState: Codable, Equatable, Sendable {
    var ticks = 0
    var lastTick = 0.0
}

enum ClockAction: Codable, Sendable {
    case tick
}

struct TallyState: Codable, Equatable, Sendable {
    var total = 0
}

enum TallyAction: Codable, Sendable {
    case add(Int)
}

/// Adds each number; `countingTwice` is added twice, as a reducer that drifted would.
func tallyReducer(countingTwice: Int?) -> Reducer<TallyState, TallyAction> {
    Reducer { state, action in
        guard case .add(let number) = action else { return }
        state.total += number == countingTwice ? 2 * number : number
    }
}

/// A tally that keeps its past totals, newest last, as an undo stack would.
struct HistoryState: Codable, Equatable, Sendable {
    var past: [[Int]] = []
    var total = 0
}

/// ``tallyReducer(countingTwice:)`` that first pushes the total before the action with its step.
func historyReducer(countingTwice: Int?) -> Reducer<HistoryState, TallyAction> {
    Reducer { state, action in
        guard case .add(let number) = action else { return }
        state.past.append([state.past.count, state.total])
        state.total += number == countingTwice ? 2 * number : number
    }
}

struct LoginState: Codable, Equatable, Sendable {
    var lastAttempt = ""
}

enum LoginAction: Codable, Sendable {
    case login(password: String)
}

/// Keeps the password under a key the recorder does not redact, so the recorded state holds
/// it while the recorded action does not.
let loginReducer = Reducer<LoginState, LoginAction> { state, action in
    if case .login(let password) = action { state.lastAttempt = password }
}

/// Counts the elements of an XML file by name; fails on XML that is not well-formed.
final class XMLElementCounter: NSObject, XMLParserDelegate {
    private(set) var counts: [String: Int] = [:]

    static func count(contentsOf path: String) throws -> [String: Int] {
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        let counter = XMLElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))")
        return counter.counts
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        counts[elementName, default: 0] += 1
    }
}
