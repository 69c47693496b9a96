import Foundation
import Testing

@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording cut short by another program inside a page the inspector has mapped: the rest
/// of that page reads as zeros, not as a fault, and the line found there is reported as the
/// file cut short (exit 66), not as a malformed line (65).
@Suite struct CutShortLineTests {
    static let cutShort = "the file was cut short while being read; run the command again"

    /// A line of a recording made by ``BisectLongRecordingTests/counterRecording(broken:steps:timed:)``,
    /// from line 1000 on, that holds a state and lies wholly inside a page without starting it,
    /// and where it starts: cut just after its start, reading it reads no page past the new
    /// end, which would fault.
    static func lineInsideAPage(of file: String) throws -> (line: Int, start: Int) {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: file)))
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        let page = Int(getpagesize())
        for line in 1000..<starts.count - 1
        where line % 7 != 0 && starts[line] % page > 0 && starts[line] / page == (starts[line + 1] - 1) / page {
            return (line, starts[line])
        }
        throw NoLineInsideAPage()
    }

    /// No line of the recording lies inside a page (pages much smaller than a line).
    struct NoLineInsideAPage: Error {}

    #if os(Linux)
        /// Linux zeroes the rest of the page a file is cut short in; the line read there is
        /// then malformed, and reported as cut short.
        @Test func aLineReadAsZerosAfterTheFileWasCutShortIsReportedAsCutShort() throws {
            let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 3000)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let (line, start) = try Self.lineInsideAPage(of: file)
            let recording = try Recording(path: file)
            #expect(truncate(file, off_t(start + 3)) == 0)

            // Line `line` (0-based, after the header) is step `line - 1`.
            let error = try #require(#expect(throws: RecordingError.self) { try recording.entry(at: line - 1) })
            #expect(error.kind == .malformed)
            #expect(error.preferringCutShort() == RecordingError(.unreadable, path: file, message: Self.cutShort))
            #expect(ExitCode(for: InspectorError.recording(error).preferringCutShort()) == .noInput)
        }
    #endif

    /// A malformed line that no longer ends in a file cut short since it was mapped is taken
    /// for the cut; one that still ends before the new end was read as it is, and stays
    /// malformed (log rotation that trims a file must not hide a real error).
    @Test func onlyALineNoLongerWholeIsTakenForTheCut() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 200)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = try Recording(path: file)
        #expect(truncate(file, 1000) == 0)
        let past = RecordingError(.malformed, path: file, line: 150, column: 3, message: "unexpected byte")
        let before = RecordingError(.malformed, path: file, line: 2, column: 3, message: "unexpected byte")

        #expect(past.preferringCutShort() == RecordingError(.unreadable, path: file, message: Self.cutShort))
        #expect(
            InspectorError.recording(past).preferringCutShort()
                == .recording(RecordingError(.unreadable, path: file, message: Self.cutShort)))
        #expect(before.preferringCutShort() == before)
        withExtendedLifetime(recording) {}
    }

    /// Cut right after a line's newline, that line is whole and the next is not; a file
    /// mapped again after the cut still counts from the size it was first mapped with.
    @Test func theLineBeforeTheCutIsWholeAndTheOneAfterIsNot() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 200)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: file)))
        // The end of the 100th line, its newline included.
        let end = try #require(bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.dropFirst(99).first) + 1
        let recording = try Recording(path: file)
        #expect(truncate(file, off_t(end)) == 0)
        let again = try Recording(path: file)
        func error(_ line: Int) -> RecordingError {
            RecordingError(.malformed, path: file, line: line, column: 1, message: "unexpected byte")
        }

        #expect(error(100).preferringCutShort() == error(100))
        #expect(error(101).preferringCutShort() == RecordingError(.unreadable, path: file, message: Self.cutShort))
        withExtendedLifetime((recording, again)) {}
    }

    /// A malformed line of a file that is as long as when it was mapped stays malformed, and so
    /// does one of a file replaced by a shorter one (another inode), or never mapped.
    @Test func otherMalformedLinesStayMalformed() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(broken: 50, steps: 100)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let recording = try Recording(path: file)
        let error = try #require(#expect(throws: RecordingError.self) { try recording.entry(at: 49) })
        #expect(error.kind == .malformed)
        #expect(error.preferringCutShort() == error)

        let (shorter, _) = try BisectLongRecordingTests.counterRecording(steps: 10)
        #expect(rename(shorter, file) == 0)
        #expect(error.preferringCutShort() == error)

        let never = RecordingError(.malformed, path: file + ".never", line: 1, message: "unexpected byte")
        #expect(never.preferringCutShort() == never)
    }
}
