import Foundation
import Testing

@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording cut short by another program while the inspector has it mapped: a one-line
/// error and exit 66, not "Bus error".
@Suite struct TruncatedWhileReadTests {
    /// `redux-inspect step FILE` running as a child, driven through its standard input.
    struct SteppingSession {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()

        /// Starts the session. No crash report: it would only slow the tests down.
        init(_ file: String) throws {
            process.executableURL = try EndToEndTests.binary()
            process.arguments = ["step", file]
            process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = error
            try process.run()
        }

        /// Sends `command` and returns the first output that comes back.
        func send(_ command: String) -> String {
            input.fileHandleForWriting.write(Data((command + "\n").utf8))
            return String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }

        /// Sends `command`, closes standard input, and returns standard error once the process
        /// has ended.
        func finish(with command: String? = nil) throws -> String {
            if let command { input.fileHandleForWriting.write(Data((command + "\n").utf8)) }
            try input.fileHandleForWriting.close()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return message
        }
    }

    @Test func aRecordingCutShortWhileSteppingIsAnErrorNotACrash() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 3000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try SteppingSession(file)
        // Once the first command's answer is out, the file is mapped and indexed.
        #expect(session.send("goto 1").hasPrefix("seq 1/3000"))
        #expect(truncate(file, 0) == 0)
        let message = try session.finish(with: "goto 2900")

        #expect(session.process.terminationReason == .exit, "ended by signal \(session.process.terminationStatus)")
        #expect(session.process.terminationStatus == 66)
        #expect(message == "Error: \(file): the file was cut short while being read; run the command again\n")
    }

    #if os(Linux)
        /// Cut inside a page, the rest of that page reads as zeros rather than faulting: the
        /// line read there is reported as the file cut short too, by the command.
        @Test func aLineCutInsideAPageWhileSteppingIsReportedAsCutShort() throws {
            let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 3000)
            defer { try? FileManager.default.removeItem(atPath: file) }
            // Going to a line with a state reads that line alone.
            let (line, start) = try CutShortLineTests.lineInsideAPage(of: file)
            let session = try SteppingSession(file)
            #expect(session.send("goto 1").hasPrefix("seq 1/3000"))
            #expect(truncate(file, off_t(start + 3)) == 0)
            // Line `line` holds seq `line` (the header is line 0).
            let message = try session.finish(with: "goto \(line)")

            #expect(session.process.terminationReason == .exit, "ended by signal \(session.process.terminationStatus)")
            #expect(session.process.terminationStatus == 66, "\(message)")
            #expect(message == "Error: \(file): the file was cut short while being read; run the command again\n")
        }
    #endif

    /// A `SIGBUS` that is not a fault in a recording (here one sent by `kill`) ends the process
    /// as it would without the guard: by the signal, not with the guard's error.
    @Test func anotherBusErrorStillEndsTheProcessByTheSignal() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 100)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try SteppingSession(file)
        _ = session.send("goto 1")
        kill(session.process.processIdentifier, SIGBUS)
        let message = try session.finish()

        #expect(session.process.terminationReason == .uncaughtSignal, "exit \(session.process.terminationStatus): \(message)")
        #expect(session.process.terminationStatus == SIGBUS)
        #expect(!message.contains("cut short"))
    }
}
