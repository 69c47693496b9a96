import Foundation
import Redux
import Testing

/// What a recording says about every `seq`: which entries it holds, which its gap markers
/// account for, and how it ends — for checking that nothing accepted was lost or written twice.
struct RecordingAccount {
    /// The header line, parsed.
    var header: [String: Any]?
    /// The `seq` of every entry, in file order.
    var entries: [Int] = []
    /// Gap markers, in file order.
    var gaps: [(after: Int, dropped: Int, reason: String)] = []
    /// The `end` marker's `seq`, if the recording has one.
    var endSeq: Int?

    /// Reads recorded lines; every line must be one JSON object of a known kind.
    init(lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (index, line) in lines.enumerated() {
            let object = try jsonObject(line, sourceLocation: sourceLocation)
            if index == 0, object["format"] != nil {
                header = object
            } else if let seq = seqNumber(of: object) {
                entries.append(seq)
            } else if let gap = object["gap"] as? [String: Any] {
                let after = try #require((gap["after"] as? NSNumber)?.intValue, sourceLocation: sourceLocation)
                let dropped = try #require((gap["dropped"] as? NSNumber)?.intValue, sourceLocation: sourceLocation)
                gaps.append((after, dropped, gap["reason"] as? String ?? ""))
            } else if let end = object["end"] as? [String: Any] {
                #expect(endSeq == nil, "two end markers", sourceLocation: sourceLocation)
                #expect(index == lines.count - 1, "the end marker is not the last line", sourceLocation: sourceLocation)
                endSeq = (end["seq"] as? NSNumber)?.intValue
            } else {
                Issue.record("line \(index + 1) is none of header, entry, gap or end: \(line.prefix(200))", sourceLocation: sourceLocation)
            }
        }
    }

    /// Expects entries in increasing `seq` order, and entries and gaps together to cover
    /// `1...last` exactly once each.
    func expectEverySeqAccountedFor(through last: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0 < $1 }, "seq does not increase", sourceLocation: sourceLocation)
        var covered = entries
        for gap in gaps {
            #expect(gap.dropped > 0, "an empty gap marker", sourceLocation: sourceLocation)
            covered += Array((gap.after + 1)...(gap.after + max(gap.dropped, 1)))
        }
        covered.sort()
        #expect(covered == Array(0..<last).map { $0 + 1 }, "entries and gaps do not cover 1…\(last) exactly once", sourceLocation: sourceLocation)
    }
}

/// A sink that fails while a flag is set, with the flag flipped from outside at any time.
final class SwitchableSink: RecordingSink, @unchecked Sendable {
    // Unchecked Sendable: `memory`, `failing` and `writes` are thread-safe themselves.
    let memory = MemoryRecordingSink()
    let failing = LockedBox(false)
    let writes = LockedBox(0)
    let delay: TimeInterval

    init(delay: TimeInterval = 0) {
        self.delay = delay
    }

    func write(_ bytes: [UInt8]) throws {
        writes.withLock { $0 += 1 }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        if failing.value { throw RecorderError.writeFailed(path: "switchable", reason: "device error") }
        try memory.write(bytes)
    }

    func close() throws {
        try memory.close()
    }
}

/// The lines of a file, without the newline after the last.
func fileLines(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.isEmpty || text.hasSuffix("\n"), "the file ends in the middle of a line")
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
}
