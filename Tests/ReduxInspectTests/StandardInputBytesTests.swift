import Foundation
import Testing

@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording given as `-` is taken from standard input as it is: mapped when it is
/// redirected from a file (from where the file has been read to, and left read to its end),
/// read once from a pipe, and refused with a one-line reason when it is a directory or a device
/// other than `/dev/null`.
@Suite struct StandardInputBytesTests {
    static let recording = Array(
        (#"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"# + "\n"
            + #"{"seq":1,"type":"increment","action":{"increment":{}},"state":{"count":1}}"# + "\n").utf8)

    /// A copy of the bytes, made while `file` still holds them (it unmaps or frees them when
    /// it goes).
    static func bytes(_ file: FileBytes) -> [UInt8] {
        withExtendedLifetime(file) { Array(file.buffer) }
    }

    /// Writes `parts` to `descriptor` in order on a thread of its own, as another process
    /// would into a pipe, then closes it; stops early when a write fails.
    static func feed(_ parts: [[UInt8]], into descriptor: Int32) {
        Thread {
            var failed = false
            for part in parts where !failed {
                part.withUnsafeBytes { raw in
                    var written = 0
                    while written < raw.count && !failed {
                        let count = write(descriptor, raw.baseAddress! + written, raw.count - written)
                        if count > 0 { written += count } else { failed = true }
                    }
                }
            }
            close(descriptor)
        }.start()
    }

    @Test func aPipeIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        // More than a pipe holds, and more than the first buffer, written while it is read.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        Self.feed([bytes], into: writing)
        defer { close(reading) }
        #expect(try Self.bytes(FileBytes.standardInput(reading)) == bytes)
    }

    /// A line longer than any a recording may have ends the reading: what follows is never
    /// read, so input without newlines (`cat /dev/zero |`) costs a line's worth of memory, not
    /// all there is, and the error says the line's length is not known.
    @Test(.hangGuard) func aPipeIsReadNoFurtherThanALineTooLong() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        let limit = JSONParser.Options().maximumLength
        let header = Array((#"{"format":"redux-inspect","version":1,"reducer":"counter"}"# + "\n").utf8)
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        // The header, then a line of twice the limit; the writer ends when the pipe is drained.
        Self.feed([header] + Array(repeating: block, count: 2 * limit / block.count) + [[0x0A]], into: writing)
        // What was not read is still in the pipe, for the writer to finish: drained, also when
        // an expectation fails first (a write to a pipe closed with data left unread would
        // end the test process with SIGPIPE).
        defer {
            var sink = [UInt8](repeating: 0, count: 1 << 16)
            while read(reading, &sink, sink.count) > 0 {}
            close(reading)
        }
        let file = try FileBytes.standardInput(reading)
        #expect(file.endsInsideOverlongLine)
        #expect(file.buffer.count > header.count + limit)
        #expect(file.buffer.count < header.count + limit + block.count)
        let error = #expect(throws: RecordingError.self) {
            try Recording(path: "<stdin>", bytes: file, strict: false)
        }
        let lineRead = file.buffer.count - header.count
        #expect(
            error?.description
                == "<stdin>:2:1: line too long: expected at most \(limit) bytes, found more than that (reading stopped after \(lineRead))")
        // Reading stopped inside the line: the rest of it is still in the pipe.
        var unread = 0
        var sink = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(reading, &sink, sink.count)
            if count <= 0 { break }
            unread += count
        }
        #expect(unread == 2 * limit + 1 - lineRead)
    }

    /// A line of exactly the longest length still reads to the end of the input.
    @Test func aPipeWithALineOfTheLongestLengthIsReadToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        let limit = JSONParser.Options().maximumLength
        let long = [UInt8](repeating: UInt8(ascii: "a"), count: limit) + [0x0A]
        let after = Array("after\n".utf8)
        Self.feed([long, after], into: writing)
        defer { close(reading) }
        let file = try FileBytes.standardInput(reading)
        #expect(!file.endsInsideOverlongLine)
        #expect(file.buffer.count == long.count + after.count)
    }

    @Test func aRedirectedFileIsTakenFromWhereItWasReadTo() throws {
        let directory = try CLITemporaryDirectory()
        let path = try directory.file("shop.jsonl", String(decoding: Self.recording, as: UTF8.self))
        let descriptor = open(path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try Self.bytes(FileBytes.standardInput(descriptor)) == Self.recording)
        // Left read to its end, as reading it would leave it.
        #expect(lseek(descriptor, 0, SEEK_CUR) == off_t(Self.recording.count))
        let header = Self.recording.firstIndex(of: 0x0A)! + 1
        #expect(lseek(descriptor, off_t(header), SEEK_SET) == off_t(header))
        #expect(try Self.bytes(FileBytes.standardInput(descriptor)) == Array(Self.recording[header...]))
    }

    @Test func aNamedDevNullIsADeviceAndUnreadableInputSaysSo() throws {
        let named = #expect(throws: RecordingError.self) { try FileBytes(path: "/dev/null") }
        #expect(named?.description == "/dev/null: is a device, not a recording file")
        let closed = #expect(throws: RecordingError.self) { try FileBytes.standardInput(-1) }
        #expect(closed?.description == "<stdin>: cannot read standard input: Bad file descriptor")
    }

    @Test func devNullIsAnEmptyRecordingAndOtherDevicesAreRefused() throws {
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        #expect(try FileBytes.standardInput(null).buffer.isEmpty)
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        let device = #expect(throws: RecordingError.self) { try FileBytes.standardInput(zero) }
        #expect(device?.description == "<stdin>: is a device, not a recording file")
        let directory = try CLITemporaryDirectory()
        let folder = open(directory.path(""), O_RDONLY)
        defer { close(folder) }
        let folderError = #expect(throws: RecordingError.self) { try FileBytes.standardInput(folder) }
        #expect(folderError?.description == "<stdin>: is a directory, not a recording file")
    }

    @Test func theBinaryMapsARecordingRedirectedToStandardInput() throws {
        let binary = try EndToEndTests.binary().path
        let fixture = CLITestSupport.fixturesDirectory.appendingPathComponent("shop.jsonl").path
        let named = try ChildProcess(executable: binary, arguments: ["diff", fixture, "13"]).run()
        let redirected = try ChildProcess(executable: binary, arguments: ["diff", "-", "13"], inputPath: fixture).run()
        #expect(redirected.exitCode == 0, "\(redirected)")
        #expect(redirected.out == named.out.replacingOccurrences(of: fixture, with: "<stdin>"))
        let empty = try ChildProcess(executable: binary, arguments: ["check", "-"]).run()
        #expect(empty.exitCode == 65)
        #expect(empty.err == "Error: <stdin>:1:1: empty file: expected a recording\n")
    }
}
