import Foundation
import Testing

@testable import ReduxInspect

/// The index reads the members before the state with the differ's own compact checks and keeps
/// where the action and the state start when they accept them
/// (``StepLocation/checkedStateStart``), so the differ does not read those bytes again. These
/// tests hold it to that: the offsets are kept on the recorder's lines, in the bytes the step
/// location had spare, and only where the differ's check finds the same members; lines it
/// refuses are still diffed exactly when the parser reads them.
@Suite struct RecordedLineIndexCheckTests {
    /// The recorder's line for the second step, with `replacing` put in place of the member
    /// values before the state (`seq`, `time`, `type`, `action`, in that order).
    static func line(seq: String = "2", time: String = "2026-11-22T10:00:00.250Z", type: String = #""addToCart""#,
        action: String = #"{"addToCart":{"productID":2,"quantity":2}}"#
    ) -> [UInt8] {
        Array(#"{"seq":\#(seq),"time":"\#(time)","type":\#(type),"action":\#(action),"state":{"n":2}}"#.utf8)
    }

    /// The recording of a header, a first step and `line`, indexed.
    static func recording(_ line: [UInt8]) throws -> Recording {
        let text =
            Array(#"{"format":"redux-inspect","version":1,"initialState":{"n":0}}"#.utf8) + [0x0A]
            + Array(#"{"seq":1,"time":"t","type":"a","action":{"a":{}},"state":{"n":1}}"#.utf8) + [0x0A]
            + line + [0x0A]
        return try Recording(path: "<memory>", bytes: FileBytes(bytes: text), strict: false)
    }

    /// The offsets fill the padding after `hasState`: a location takes no more memory.
    @Test func locationStaysSixteenBytes() {
        #expect(MemoryLayout<StepLocation>.size == 16)
        #expect(MemoryLayout<StepLocation>.stride == 16)
    }

    /// On the recorder's own line the offsets are kept, and are where the action and the
    /// state start.
    @Test func keptOnRecorderLines() throws {
        let line = Self.line()
        let step = try Self.recording(line).steps[1]
        let text = String(decoding: line, as: UTF8.self)
        let action = text.utf8.count - #"{"addToCart":{"productID":2,"quantity":2}},"state":{"n":2}}"#.utf8.count
        #expect(Int(step.checkedActionStart) == action)
        #expect(Int(step.checkedStateStart) == text.utf8.count - #"{"n":2}}"#.utf8.count)
        // And on every step of a fixture the recorder wrote.
        let shop = try Recording(path: CLITestSupport.fixturesDirectory.appendingPathComponent("shop.jsonl").path)
        #expect(!shop.steps.isEmpty && shop.steps.allSatisfy { $0.checkedStateStart != 0 })
    }

    /// Values that the index's skim reads but the differ's compact check refuses, or reads
    /// differently: no offsets are kept, and the differ still diffs the line exactly when the
    /// parser reads it.
    @Test(arguments: [
        // A leading zero: a number to the skim, not to the check (nor the parser).
        Self.line(seq: "02"),
        // Control characters, DEL, bytes that are not ASCII or not UTF-8, in the time.
        Self.line(time: "2026-11-22T10:00:00.25\u{1}Z"), Self.line(time: "\u{1F}026-11-22T10:00:00.250Z"),
        Self.line(time: "2026-11-22T10:00:00\t250Z"), Self.line(time: "2026-11-22T10:00:00.2é0Z"),
        // What is not ASCII, a bad escape and a surrogate's in the type.
        Self.line(type: #""addé""#), Self.line(type: #""add\x""#), Self.line(type: #""\uD800""#),
        // Actions the check ends before the skim does, or refuses.
        Self.line(action: "truex"), Self.line(action: "nulll"), Self.line(action: "[1,]"), Self.line(action: "1.5.2"),
        Self.line(action: #"{"a":01}"#), Self.line(action: #"{"a" :1}"#), Self.line(action: #"{"a":1}x"#),
        Self.line(action: "[" + String(repeating: "[", count: JSONParser.Options().maximumDepth) + "]]"),
    ].map { [$0] })
    func notKeptWhenTheCheckRefuses(_ line: [[UInt8]]) throws {
        let line = line[0]
        let description = String(decoding: line, as: UTF8.self)
        if let recording = try? Self.recording(line), recording.steps.count == 2 {
            #expect(recording.steps[1].checkedStateStart == 0, "\(description)")
            #expect(recording.steps[1].checkedActionStart == 0, "\(description)")
        }
        _ = try RecordedLineCheckTests.check(line)
    }

    /// Values the check accepts, short and long: the offsets are kept, and the differ's line
    /// read with them finds the same state and type as when it reads the members itself.
    @Test(arguments: [
        Self.line(), Self.line(seq: "1234567890123"), Self.line(type: #""""#), Self.line(type: #""add\u0054oCart""#),
        Self.line(type: #""\"\\\/\b\f\n\r\t\u00e9""#), Self.line(action: "0"), Self.line(action: "true"),
        Self.line(action: #""b""#), Self.line(action: "[]"), Self.line(action: "{}"), Self.line(action: "-1.5e3"),
        Self.line(action: #"{"a":[1,{"b":null}],"c":"d"}"#), Self.line(time: "2026-11-22T10:00:00.25\u{7F}Z"),
    ].map { [$0] })
    func keptWhereTheCheckAccepts(_ line: [[UInt8]]) throws {
        let line = line[0]
        try Self.expectSameReading(line, kept: true)
    }

    /// Offsets too large for the bytes they are kept in are not kept.
    @Test func notKeptBeyondTheirBytes() throws {
        let longType = #"""# + String(repeating: "t", count: 200) + #"""#
        let longAction = "[" + String(repeating: "1,", count: 40_000) + "1]"
        for line in [Self.line(type: longType), Self.line(action: longAction)] {
            try Self.expectSameReading(line, kept: false)
        }
    }

    /// Lines of the recorder's shape with bytes changed before the state: wherever offsets are
    /// kept, the differ's line read with them matches its own reading of the members.
    @Test func randomlyChangedBytes() throws {
        let base = Self.line()
        var generator = SeededGenerator(seed: 23)
        var kept = 0
        for _ in 0..<3_000 {
            let bytes = RecordedLineCheckTests.changedBeforeState(base, edits: 1...2, using: &generator)
            if try Self.expectSameReading(bytes, kept: nil) { kept += 1 }
            _ = try RecordedLineCheckTests.check(bytes)
        }
        #expect(kept > 300)
    }

    /// Checks that the differ's line read with the kept offsets of `line` (the second step)
    /// finds the state and type it finds reading the members itself, and that the offsets are
    /// kept when `kept` says; returns whether they were.
    @discardableResult
    static func expectSameReading(_ line: [UInt8], kept: Bool?) throws -> Bool {
        let description = String(decoding: line, as: UTF8.self)
        guard let recording = try? recording(line), recording.steps.count == 2 else {
            #expect(kept != true, "not indexed: \(description)")
            return false
        }
        let step = recording.steps[1]
        let isKept = step.checkedStateStart != 0
        if let kept { #expect(isKept == kept, "\(description)") }
        guard isKept else { return false }
        #expect(step.checkedActionStart != 0)
        let bytes = recording.lineBytes(Int(step.lineIndex))
        let text = RawJSON(bytes, maximumDepth: JSONParser.Options().maximumDepth)
        // The differ's own reading, with nothing kept.
        var own = RecordedLine(text)
        var checked = RecordedLine(text, checked: step)
        let ownState = try? own.member("state")
        let checkedState = try? checked.member("state")
        #expect(ownState != nil && ownState == checkedState, "\(description)")
        guard let start = ownState ?? nil else { return true }
        let end = try text.valueEnd(from: start, depth: 1)
        var ownRecent = RecentStepTypes()
        var checkedRecent = RecentStepTypes()
        let ownType = try? own.type(after: end, recent: &ownRecent)
        let checkedType = try? checked.type(after: end, recent: &checkedRecent)
        #expect(ownType != nil && ownType == checkedType, "\(description)")
        // And the parser reads the entry, with that type.
        #expect((try? recording.entry(at: 1).type) == ownType, "\(description)")
        return true
    }
}
