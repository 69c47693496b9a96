import Foundation
import Redux
import Testing

@Suite struct RecorderFormatTests {
    @Test func headerAndEntriesAreExactlyFormatVersionOne() {
        let (lines, state) = recordedLines(
            initialState: CounterState(), reducer: counterReducer,
            options: steppingOptions(reducer: "counter", app: "Counter test"),
            actions: [.incrementBy(n: 5), .increment, .reset])

        #expect(state.count == 0)
        #expect(
            lines == [
                #"{"format":"redux-inspect","version":1,"reducer":"counter","app":"Counter test","#
                    + #""started":"2026-11-22T10:00:00.000Z","initialState":{"count":0}}"#,
                #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"incrementBy","#
                    + #""action":{"incrementBy":{"n":5}},"state":{"count":5}}"#,
                #"{"seq":2,"time":"2026-11-22T10:00:00.200Z","type":"increment","#
                    + #""action":{"increment":{}},"state":{"count":6}}"#,
                #"{"seq":3,"time":"2026-11-22T10:00:00.300Z","type":"reset","#
                    + #""action":{"reset":{}},"state":{"count":0}}"#,
                #"{"end":{"seq":3,"state":{"count":0}}}"#,
            ])
    }

    @Test func headerLeavesOutAReducerAndAppThatWereNotGiven() {
        let (lines, _) = recordedLines(
            initialState: CounterState(count: 4), reducer: counterReducer,
            options: steppingOptions(reducer: nil, app: nil), actions: [])

        #expect(
            lines == [
                #"{"format":"redux-inspect","version":1,"started":"2026-11-22T10:00:00.000Z","#
                    + #""initialState":{"count":4}}"#,
                #"{"end":{"seq":0,"state":{"count":4}}}"#,
            ])
    }

    @Test func systemClockRecordsReducerMicroseconds() throws {
        let (lines, _) = recordedLines(
            initialState: CounterState(), reducer: counterReducer,
            options: .init(reducer: "counter"), actions: [.increment, .increment])

        try #require(lines.count == 4)
        for line in lines[1...2] {
            let entry = try jsonObject(line)
            #expect(Array(entry.keys).sorted() == ["action", "seq", "state", "time", "type", "us"])
            let microseconds = try #require(entry["us"] as? NSNumber)
            #expect(microseconds.intValue >= 0 && microseconds.intValue < 1_000_000)
            #expect(line.hasSuffix(#","us":\#(microseconds.intValue)}"#))
            let time = try #require(entry["time"] as? String)
            #expect(time.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil, "\(time)")
        }
    }

    @Test func decimalsKeepTheirTextAndKeysKeepTheirDeclaredOrder() {
        let tea = ShopItem(
            name: "Tea", price: Decimal(string: "9.99")!, quantity: 2, tags: ["green", "loose"])

        let (lines, _) = recordedLines(
            initialState: ShopState(), reducer: shopReducer, options: steppingOptions(), actions: [.add(tea)])

        let item = #"{"name":"Tea","price":9.99,"quantity":2,"tags":["green","loose"]}"#
        let expected =
            #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"add","action":{"add":{"_0":"#
            + item + #"}},"state":{"items":["# + item + #"],"total":19.98,"note":""}}"#
        #expect(lines.dropFirst().first == expected)
    }

    @Test func controlCharactersAreEscapedAndTheTextRoundTrips() throws {
        let text = "tab\there \"quoted\" back\\slash\nnew\r\u{01}bell\u{7F} é ✓"

        let (lines, _) = recordedLines(
            initialState: ShopState(), reducer: shopReducer,
            options: steppingOptions(statePolicy: .never), actions: [.note(text)])

        try #require(lines.count == 3)
        #expect(
            lines[1]
                == #"{"seq":1,"time":"2026-11-22T10:00:00.100Z","type":"note","#
                + #""action":{"note":{"_0":"tab\there \"quoted\" back\\slash\nnew\r\u0001bell\u007f é ✓"}}}"#)
        let action = try #require(try jsonObject(lines[1])["action"] as? [String: Any])
        let note = try #require(action["note"] as? [String: Any])
        #expect(note["_0"] as? String == text)
    }

    @Test func filteredActionsLeaveAGapInSeq() throws {
        let (lines, state) = recordedLines(
            initialState: CounterState(), reducer: counterReducer,
            options: steppingOptions(statePolicy: .never, shouldRecord: { $0 != .increment }),
            actions: [.incrementBy(n: 1), .reset, .increment, .incrementBy(n: 2), .increment])

        let objects = try lines.map { try jsonObject($0) }
        #expect(objects.compactMap(seqNumber(of:)) == [1, 2, 4])
        #expect(objects.map { $0["type"] as? String } == [nil, "incrementBy", "reset", "incrementBy", nil])
        #expect(lines.last == #"{"end":{"seq":5,"state":{"count":4}}}"#)
        #expect(state.count == 4)
    }

    @Test func recordsExactlyWhatTheReducerSeesWhenLast() throws {
        let followUp = Middleware<LogState, FlowAction>.effect { action, context in
            if action == .trigger { context.dispatch(.followUp) }
        }
        let sink = MemoryRecordingSink()
        let recorder = Recorder<LogState, FlowAction>(
            sink: sink, options: steppingOptions(statePolicy: .never))
        let store = Store(
            initialState: LogState(), reducer: logReducer, middleware: [followUp, recorder.middleware])

        store.dispatch(.trigger)
        store.dispatch(.other)
        recorder.close()

        let objects = try sink.lines.dropFirst().dropLast().map { try jsonObject($0) }
        #expect(objects.map { $0["type"] as? String } == ["trigger", "followUp", "other"])
        #expect(objects.compactMap(seqNumber(of:)) == [1, 2, 3])
        #expect(sink.lines.last == #"{"end":{"seq":3,"state":{"seen":["trigger","followUp","other"]}}}"#)
    }
    /// Numbers of every kind, to check their text in a recording.
    struct Numbers: Codable, Sendable {
        var price = Decimal(string: "9.99")!
        var negative = Decimal(string: "-0.5")!
        var tiny = Decimal(string: "0.0000001")!
        var double = 0.1
        var whole = 5.0
        var small = 1e-7
        var float: Float = 0.1
        var big = Int64.max
        var huge = UInt64.max
        var optional: Int?
        var flag = true
    }

    @Test func numbersKeepTheirTextAndReadBackAsJSON() throws {
        let (lines, _) = recordedLines(
            initialState: Numbers(), reducer: Reducer { _, _ in }, options: steppingOptions(),
            actions: [CounterAction]())

        let expected =
            #"{"price":9.99,"negative":-0.5,"tiny":0.0000001,"double":0.1,"whole":5.0,"small":1e-07,"#
            + #""float":0.1,"big":9223372036854775807,"huge":18446744073709551615,"flag":true}"#
        #expect(lines.first?.hasSuffix(#""initialState":"# + expected + "}") == true, "\(lines)")
        let state = try #require(try jsonObject(lines[0])["initialState"] as? [String: Any])
        #expect((state["price"] as? NSNumber)?.decimalValue == Decimal(string: "9.99"))
        #expect(state["double"] as? Double == 0.1)
    }

    /// The times of a stepping clock are whole milliseconds, so each must be written exactly,
    /// not one millisecond early because of binary floating point.
    @Test(arguments: [0.001, 0.01, 0.1, 0.25])
    func steppingClockTimesAreWrittenToTheMillisecond(_ step: Double) throws {
        let actions = [CounterAction](repeating: .increment, count: 200)
        let (lines, _) = recordedLines(
            initialState: CounterState(), reducer: counterReducer,
            options: .init(statePolicy: .never, clock: .stepping(from: recordingStart, by: step)),
            actions: actions)

        let times = try lines.dropFirst().dropLast().map { try jsonObject($0)["time"] as? String }
        let expected = (1...200).map { reading -> String? in
            let milliseconds = Int((Double(reading) * step * 1000).rounded())
            let seconds = milliseconds / 1000
            return "2026-11-22T10:"
                + String(format: "%02d:%02d.%03dZ", seconds / 60, seconds % 60, milliseconds % 1000)
        }
        let wrong = zip(times, expected).filter { $0 != $1 }
        #expect(times.count == 200)
        #expect(wrong.count == 0, "first wrong (written, expected): \(wrong.prefix(3))")
    }
}
