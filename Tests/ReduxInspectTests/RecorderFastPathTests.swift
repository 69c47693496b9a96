import Foundation
import Testing

@testable import ReduxInspect

/// The indexer's fast path for the recorder's own lines (``KnownMembers/recorderEntry(_:skippingState:)``)
/// against the general skim (``KnownMembers/init(_:skippingState:)``): on every line it
/// accepts, the same members; on lines it declines, the indexer takes the general path, so
/// what the index records, and which lines and errors it finds, cannot move.
@Suite struct RecorderFastPathTests {
    struct Found: Equatable {
        var action, format, version, gap, end, seq, state: Range<Int>?
        init(_ members: KnownMembers) {
            action = members.action
            format = members.format
            version = members.version
            gap = members.gap
            end = members.end
            seq = members.seq
            state = members.state
        }
        /// An entry the fast path found: no member but these three.
        init(_ entry: RecorderEntry) {
            action = entry.action
            seq = entry.seq
            state = entry.state
        }
    }

    /// What the indexer finds for `line`: the fast path, else the general one.
    static func indexed(_ line: [UInt8], skippingState: Bool) -> (fast: Bool, found: Found?) {
        line.withUnsafeBufferPointer { buffer in
            if let fast = KnownMembers.recorderEntry(buffer, skippingState: skippingState) {
                return (true, Found(fast))
            }
            return (false, KnownMembers(buffer, skippingState: skippingState).map(Found.init))
        }
    }

    static func general(_ line: [UInt8], skippingState: Bool) -> Found? {
        line.withUnsafeBufferPointer { KnownMembers($0, skippingState: skippingState).map(Found.init) }
    }

    static func pick<T>(_ choices: [T], _ random: inout SeededGenerator) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    static func timestamp(_ random: inout SeededGenerator) -> String {
        let day = Int.random(in: 1...28, using: &random)
        let millis = Int.random(in: 0...999, using: &random)
        let stamp = "2026-11-\(day < 10 ? "0" : "")\(day)T10:20:49.\(String(format: "%03d", millis))Z"
        switch Int.random(in: 0..<12, using: &random) {
        case 0: return stamp.replacingOccurrences(of: "T", with: "\\\"")  // an escaped quote
        case 1: return stamp.replacingOccurrences(of: "Z", with: "\\\\")  // an escaped backslash
        case 2: return String(stamp.dropLast())  // 23 bytes
        case 3: return stamp + "0"  // 25 bytes
        case 4: return stamp.replacingOccurrences(of: "T", with: "\\")
        default: return stamp
        }
    }

    static func value(_ random: inout SeededGenerator, depth: Int = 0) -> String {
        let scalars = ["1", "-2", "3.5e2", "true", "null", "\"x\"", "\"a\\\"b\"", "\"\\\\\"", "\"}]{[,:\"", "\"<redacted>\""]
        guard depth < 3, Int.random(in: 0..<3, using: &random) != 0 else { return pick(scalars, &random) }
        let count = Int.random(in: 0...3, using: &random)
        if Bool.random(using: &random) {
            let items = (0..<count).map { _ in value(&random, depth: depth + 1) }
            return "[" + items.joined(separator: ",") + "]"
        }
        let keys = ["id", "quantity", "state", "us", "seq", "a\\\"b", "items"]
        let members = (0..<count).map { _ in "\"\(pick(keys, &random))\":\(value(&random, depth: depth + 1))" }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A line as the recorder writes it, with now and then a part it would not write.
    static func recorderLine(_ random: inout SeededGenerator) -> String {
        let seq = pick(["1", "4999", "0", "007", "123456789012345678901", "-3", "1.5"], &random)
        let type = pick(["setQuantity", "addToCart", "a\\\"b", "x\\\\", "", "é"], &random)
        let action = Bool.random(using: &random)
            ? "{\"\(type)\":\(value(&random))}" : pick(["\"<redacted>\"", "\"logout\"", "{}", "[]", "12"], &random)
        var line = "{\"seq\":\(seq),\"time\":\"\(timestamp(&random))\",\"type\":\"\(type)\",\"action\":\(action)"
        switch Int.random(in: 0..<6, using: &random) {
        case 0: break
        case 1: line += ",\"state\":null"
        case 2: line += ",\"state\":[\(value(&random))]"
        default: line += ",\"state\":{\"s\":\(value(&random))}"
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: break
        case 1: line += ",\"us\":-\(Int.random(in: 0...99, using: &random))"
        default: line += ",\"us\":\(Int.random(in: 0...99_999, using: &random))"
        }
        return line + "}"
    }

    static func mutated(_ line: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = line
        let interesting: [UInt8] = Array(" \t\r{}[]\",:\\0123456789-nsu".utf8)
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let position = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0: bytes.insert(pick(interesting, &random), at: position)
            case 1: if position < bytes.count { bytes.remove(at: position) }
            case 2: if position < bytes.count { bytes[position] = pick(interesting, &random) }
            case 3: bytes = Array(bytes[..<position])
            default: bytes.append(pick(Array(" \t\r}x".utf8), &random))
            }
        }
        return bytes
    }

    @Test func sameMembersAsTheGeneralPathOnRecorderShapedLines() {
        var random = SeededGenerator(seed: 0x5EED_FA57)
        var accepted = 0
        var acceptedMutated = 0
        let lines = 20_000
        for _ in 0..<lines {
            let line = Array(Self.recorderLine(&random).utf8)
            for (number, candidate) in [line, Self.mutated(line, &random), Self.mutated(line, &random)].enumerated() {
                for skippingState in [true, false] {
                    let (fast, found) = Self.indexed(candidate, skippingState: skippingState)
                    let general = Self.general(candidate, skippingState: skippingState)
                    #expect(found == general, "\(String(decoding: candidate, as: UTF8.self)) skippingState \(skippingState)")
                    if found != general { return }
                    if fast { if number == 0 { accepted += 1 } else { acceptedMutated += 1 } }
                }
            }
        }
        // The fast path must be taken often enough for the comparison to mean something.
        #expect(accepted > lines / 5, "fast path taken on \(accepted) of \(lines) lines")
        #expect(acceptedMutated > lines / 50, "fast path taken on \(acceptedMutated) mutated lines")
    }

    @Test func takesTheFastPathOnTheRecordersLines() {
        let lines = [
            #"{"seq":4999,"time":"2026-11-22T10:20:49.750Z","type":"setQuantity","action":{"setQuantity":{"itemID":3,"quantity":1}},"state":{"items":[]},"us":12}"#,
            #"{"seq":1,"time":"2026-11-22T10:20:49.750Z","type":"logout","action":"logout","state":{"a":1}}"#,
            #"{"seq":2,"time":"2026-11-22T10:20:49.750Z","type":"logout","action":{"logout":{}},"us":-1}"#,
            #"{"seq":3,"time":"2026-11-22T10:20:49.750Z","type":"logout","action":{"logout":{}}}"#,
            #"{"seq":3,"time":"2026-11-22T10:20:49.750Z","type":"logout","action":"<redacted>","state":"<redacted>"}"#,
        ]
        for (index, text) in lines.enumerated() {
            let line = Array(text.utf8)
            let (fast, found) = Self.indexed(line, skippingState: true)
            // A scalar state (a redacted one) is not skipped: the general path skims it.
            #expect(fast == (index != 4), "\(text)")
            #expect(found == Self.general(line, skippingState: true))
            #expect(found?.action != nil)
        }
    }
}
