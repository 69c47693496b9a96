import Testing

@testable import ReduxInspect

/// A long counter recording: states recorded on most steps, parsed in parallel windows, and
/// replayed through the counter reducer where missing.
@Suite struct BisectLongRecordingTests {
    /// `steps` steps of `incrementBy` with n from a fixed sequence; every 7th step has no
    /// state. `broken` replaces one step's state with malformed JSON. `timed` gives each
    /// entry a `time`, so that its members are laid out exactly as the recorder writes them.
    static func counterRecording(
        broken: Int? = nil, steps: Int = 1000, timed: Bool = false
    ) throws -> (file: String, counts: [Int]) {
        var lines = [
            #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#
        ]
        var count = 0
        var counts: [Int] = []
        for seq in 1...steps {
            let n = (seq * 37) % 11 - 5
            count += n
            counts.append(count)
            let time = timed ? #""time":"2026-11-22T10:00:00.000Z","# : ""
            var line = #"{"seq":\#(seq),\#(time)"type":"incrementBy","action":{"incrementBy":{"n":\#(n)}}"#
            if seq == broken {
                line += #","state":{"count":}"#
            } else if seq % 7 != 0 {
                line += #","state":{"count":\#(count)}"#
            }
            lines.append(line + "}")
        }
        return (try BisectTestSupport.write(lines), counts)
    }

    @Test(arguments: [-40, -1, 0, 5, 17, 60])
    func bisectMatchesABruteForceScan(_ target: Int) throws {
        let (file, counts) = try Self.counterRecording()
        let run = InspectorRun(["bisect", file, "--until", "count == \(target)", "--format", "json"])
        let expected = target == 0 ? 0 : counts.firstIndex(of: target).map { $0 + 1 }
        let answer = try JSONParser.parse(run.out)
        #expect(answer["seq"]?.compactText == expected.map(String.init), "\(run)")
        #expect(run.code == (expected == nil ? 1 : 0))
    }

    @Test func blameMatchesABruteForceScan() throws {
        let (file, counts) = try Self.counterRecording()
        let run = InspectorRun(["blame", file, "count", "--format", "json"])
        var expected: [String] = []
        var previous = 0
        for (offset, count) in counts.enumerated() where count != previous {
            expected.append(
                #"{"seq":\#(offset + 1),"type":"incrementBy","path":"count","kind":"changed","old":\#(previous),"new":\#(count)}"#
            )
            previous = count
        }
        #expect(run.lines == expected)
    }

    @Test func aMalformedStateIsReportedWhenTheWalkReachesIt() throws {
        let (file, counts) = try Self.counterRecording(broken: 900)
        let blame = InspectorRun(["blame", file, "count"])
        #expect(blame.code == 65)
        #expect(blame.err.hasPrefix("Error: \(file):901:"))
        #expect(
            blame.lines.count
                == counts.prefix(899).indices.filter { counts[$0] != ($0 == 0 ? 0 : counts[$0 - 1]) }.count)
        // Found before the malformed line: not an error.
        let early = InspectorRun(["bisect", file, "--until", "count == \(counts[10])"])
        #expect(early.code == 0, "\(early)")
        let late = InspectorRun(["bisect", file, "--until", "count == 1000000"])
        #expect(late.code == 65)
    }
}
