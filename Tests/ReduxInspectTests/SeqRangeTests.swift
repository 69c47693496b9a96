import Testing

@testable import ReduxInspect

/// The steps `diff` and `log` take after the file (`13`, `10..15`, `10..`, `last`), over a
/// recording whose seqs 1–2, 5–6 and 9–10 are missing, its end marker at seq 10.
@Suite struct SeqRangeTests {
    typealias Support = CLITestSupport

    private func recording(endState: Bool, in directory: CLITemporaryDirectory) throws -> String {
        let end = endState ? #"{"end":{"seq":10,"state":{"count":4}}}"# : #"{"end":{"seq":10}}"#
        return try directory.file(
            endState ? "gaps.jsonl" : "gaps-no-end-state.jsonl",
            lines: [#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#]
                + [3, 4, 7, 8].map { #"{"seq":\#($0),"type":"increment","action":{"increment":{}}}"# } + [end])
    }

    /// Both commands list the same steps and the same gaps, the one after a range that ends
    /// at a seq the recording skips included.
    @Test(arguments: ["3..6", "1..3", "8..", "4..last", "last", "7"])
    func logAndDiffTellTheSameGaps(range: String) throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        let log = Support.run(["log", file, range])
        let diff = Support.run(["diff", file, range])
        #expect(log.code == 0 && diff.code == 0, "\(log)\(diff)")
        #expect(log.outLines.filter { $0.hasPrefix("!") } == diff.outLines.filter { $0.hasPrefix("!") }, "\(log)\(diff)")
        let logged = log.outLines.compactMap { Int($0.split(separator: " ").first ?? "") }
        let diffed = diff.outLines.compactMap { $0.hasPrefix("@@ seq ") ? Int($0.split(separator: " ")[2]) : nil }
        #expect(logged == diffed && !logged.isEmpty, "\(log)\(diff)")
    }

    @Test func theGapAfterARangeEndingWhereSeqsAreMissing() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        #expect(Support.run(["log", file, "3..6"]).outLines.last == "! 2 entries missing after seq 4")
        #expect(Support.run(["log", file, "3..4"]).outLines.last?.hasPrefix("    4  ") == true)
    }

    /// Past the last step: a seq past the end marker's is none the recording has; one the
    /// entries missing at the end had is skipped, up to the end marker's, whose state no step
    /// reaches.
    @Test func pastTheLastStep() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(endState: true, in: directory)
        let bare = try recording(endState: false, in: directory)
        func error(_ arguments: [String]) -> String {
            let run = Support.run(arguments)
            return run.code == 64 ? run.err : "exit \(run.code): \(run)"
        }
        for command in ["log", "diff"] {
            #expect(error([command, file, "9..1000"]) == "Error: \(file): no step with seq 1000: expected a seq from 3 to 8\n")
            #expect(
                error([command, file, "9.."])
                    == "Error: \(file): no step from seq 9 to 10: the recording skips them (entries are missing there)\n")
            #expect(error([command, bare, "9.."]).hasPrefix("Error: \(bare): no step from seq 9 to 10: "))
            #expect(error([command, file, "10.."]).hasPrefix("Error: \(file): no step with seq 10: entries are missing after seq 8, and seq 10 is the end marker's state"))
            // `last` is a word, not the largest number.
            #expect(error([command, file, String(Int.max)]).hasPrefix("Error: \(file): no step with seq \(Int.max): "))
        }
    }

    /// `blame FILE PATH STEPS` lists the changes of those steps alone, the first measured from
    /// the value before it, over recorded states and replayed ones alike.
    @Test func blameOfARange() throws {
        let shop = Support.fixture("shop.jsonl")
        let all = Support.run(["blame", shop, "cart.total"]).outLines
        let seqs = all.compactMap { line in Int(line.split(separator: " ").first ?? "").map { (seq: $0, line: line) } }
        let range = Support.run(["blame", shop, "cart.total", "10..15"])
        #expect(range.code == 0, "\(range)")
        #expect(range.outLines == seqs.filter { (10...15).contains($0.seq) }.map(\.line))
        let quiet = Support.run(["blame", shop, "cart.total", "3..5"])
        let value = Support.run(["show", shop, "--at", "2", "--path", "cart.total"]).out.dropLast()
        #expect(quiet.outLines == ["no step from seq 3 to 5 changed cart.total; it is \(value) throughout"], "\(quiet)")

        let directory = try CLITemporaryDirectory()
        let replayed = try recording(endState: true, in: directory)
        let whole = Support.run(["blame", replayed, "count"]).outLines
        #expect(Support.run(["blame", replayed, "count", "7..8"]).outLines == whole.filter { $0.hasPrefix("    7") || $0.hasPrefix("    8") })
    }

    /// `bisect FILE STEPS --until P` checks the states after those steps alone: the first of
    /// them where it holds, saying when it held before it too; or that none holds.
    @Test func bisectOfARange() throws {
        let shop = Support.fixture("shop.jsonl")
        let first = try #require(Support.run(["bisect", shop, "--until", "cart.total > 50"]).outLines.first)
        // `cart.total > 50 holds first at seq 14 (step 14 of 27)`
        let firstSeq = try #require(Int(first.split(separator: " ")[7]))
        // A step after which the total stays above 50, set by the step before it.
        let changes = Support.run(["blame", shop, "cart.total"]).outLines.map { $0.split(separator: " ") }
        let kept = try #require(
            zip(changes, changes.dropFirst()).first { change, next in
                Double(change.last!)! > 50 && Int(next.first!)! > Int(change.first!)! + 1
            })
        let start = Int(kept.0.first!)! + 1
        let later = Support.run(["bisect", shop, "\(start)..", "--until", "cart.total > 50"])
        #expect(later.code == 0, "\(later)")
        #expect(later.outLines.first?.hasPrefix("cart.total > 50 holds first at seq \(start) ") == true, "\(later)")
        #expect(later.outLines.first?.hasSuffix("; it held before that step too") == true, "\(later)")
        let json = Support.run(["bisect", shop, "\(start)..", "--until", "cart.total > 50", "--format", "json"])
        #expect(try JSONParser.parse(json.out)["heldBefore"] == .bool(true), "\(json)")
        let never = Support.run(["bisect", shop, "1..\(firstSeq - 1)", "--until", "cart.total > 50"])
        #expect(never.code == 1, "\(never)")
        #expect(
            never.outLines == ["cart.total > 50 never holds after any of the \(firstSeq - 1) steps (seq 1…\(firstSeq - 1))"],
            "\(never)")
    }
}
