import Testing

@testable import ReduxInspect

/// `diff` on values too long for a line: what changed stays in view.
@Suite struct CLIDiffLongValueTests {
    typealias Support = CLITestSupport

    /// A long note with one letter changed at its end, recorded with states (the text made from
    /// the bytes) and, respelled with an escape, through the formatter: both cut around the
    /// change, and `--full` shows the whole values.
    @Test func aLongStringChangedNearItsEndIsCutAroundTheChange() throws {
        let note = String(repeating: "lorem ipsum ", count: 12)
        let directory = try CLITemporaryDirectory()
        var lines: [String] = []
        for (name, after) in [("plain", "\(note)dolar"), ("escaped", "\(note)dol\\u0061r")] {
            let file = try directory.file(
                "\(name).jsonl",
                lines: [
                    #"{"format":"redux-inspect","version":1,"initialState":{"note":"\#(note)dolor"}}"#,
                    #"{"seq":1,"type":"edit","action":{"edit":{}},"state":{"note":"\#(after)"}}"#,
                ])
            let result = Support.run(["diff", file])
            #expect(result.code == 0)
            lines.append(result.outLines.last ?? "")
            let full = Support.run(["diff", file, "--full"])
            #expect(full.outLines.last == "~ note: \"\(note)dolor\" → \"\(note)dolar\"", "\(name)")
        }
        // A quarter of the width (20 characters) before the first difference, on both sides.
        #expect(lines == Array(repeating: "~ note: …psum lorem ipsum dolor\" → …psum lorem ipsum dolar\"", count: 2))
    }

    /// `replay` cuts long values and actions as `diff` and `log` do, and `--full` shows them
    /// whole, as there.
    @Test func replayCutsLongValuesAndActionsAndFullShowsThem() throws {
        let name = String(repeating: "Green tea ", count: 12)
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "long.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#,
                #"{"seq":1,"type":"increment","action":{"increment":{"note":"\#(name)"}},"state":{"count":1,"note":"\#(name)"}}"#,
            ])
        let cut = Support.run(["replay", file])
        #expect(cut.code == 0, "\(cut)")
        let heading = try #require(cut.outLines.first)
        #expect(heading.count < 140 && heading.hasSuffix("…"), "\(heading)")
        // The counter's state has no note: the replay drops it, and says so.
        let dropped = try #require(cut.outLines.first { $0.hasPrefix("    - note:") })
        #expect(dropped.count < 100 && dropped.hasSuffix("…"), "\(dropped)")
        let full = Support.run(["replay", file, "--full"])
        #expect(full.code == 0, "\(full)")
        #expect(full.outLines.first?.hasSuffix(#"{"increment":{"note":"\#(name)"}}"#) == true, "\(full)")
        #expect(full.outLines.contains("    - note: \"\(name)\""), "\(full)")
    }
}
