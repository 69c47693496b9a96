import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `step` on a terminal of its own: the terminal is in raw mode while the prompt waits, and
/// the recording is replayed ahead meanwhile (``IdleReplay``). Keys typed then are read, and
/// a process ended there, by a signal or by a crash in that replay, leaves the terminal as it
/// found it, echoing and reading lines (``TerminalModeRestorer``).
@Suite struct StepPseudoTerminalTests {
    /// `redux-inspect step FILE` on a pseudo-terminal of its own.
    ///
    /// Unchecked `Sendable`: a test and the thread it waits on take turns, and the output,
    /// which both touch, is in a ``LockedBox``.
    final class TerminalSession: @unchecked Sendable {
        /// The controlling side, which the test reads the session's output from.
        private let controller: Int32
        /// The terminal's side, kept open to read its mode after the process has ended.
        private let terminal: Int32
        let pid: pid_t
        private let bytes = LockedBox<[UInt8]>([])
        /// All the output so far; decoded whole, as a read may end inside a character.
        var output: String { String(decoding: bytes.value, as: UTF8.self) }

        /// `shell` runs first in the shell that starts the process (`trap "" HUP` starts it
        /// ignoring `SIGHUP`).
        convenience init(step file: String, term: String = "xterm", shell: String = "") throws {
            try self.init(arguments: ["step", file], term: term, shell: shell)
        }

        /// `redux-inspect ARGUMENTS` on a pseudo-terminal of its own.
        init(arguments: [String], term: String = "xterm", shell: String = "") throws {
            let (controller, path) = try Self.openPseudoTerminal()
            self.controller = controller
            terminal = open(path, O_RDWR | O_NOCTTY)
            // No core dump for the crashes sent, and no backtrace to wait for.
            pid = try ChildProcess.spawn(
                "/bin/sh", arguments: ["-c", shell + #"ulimit -c 0; exec "$0" "$@""#, try EndToEndTests.binary().path] + arguments,
                environment: ["TERM=\(term)", "SWIFT_BACKTRACE=enable=no", "PATH=/usr/bin:/bin"],
                opening: (0...2).map { ($0, path, O_RDWR) })
        }

        /// A new pseudo-terminal's controlling side, and the path of its terminal side.
        private static func openPseudoTerminal() throws -> (Int32, String) {
            #if os(Linux)
                // Glibc's module leaves out `posix_openpt` and its kin, and the macros that
                // spell the ioctls they make: `TIOCSPTLCK` and `TIOCGPTN`, as the generic
                // ioctl encoding (x86, Arm) numbers them.
                let (unlock, number): (UInt, UInt) = (0x4004_5431, 0x8004_5430)
                let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
                var locked: Int32 = 0
                var terminal: UInt32 = 0
                guard controller >= 0, ioctl(controller, unlock, &locked) == 0, ioctl(controller, number, &terminal) == 0
                else { throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))") }
                return (controller, "/dev/pts/\(terminal)")
            #else
                let controller = posix_openpt(O_RDWR | O_NOCTTY)
                guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller) else {
                    throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
                }
                return (controller, String(cString: name))
            #endif
        }

        deinit {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            close(controller)
            close(terminal)
        }

        /// Reads output until it holds `text`, then runs `action` at once; whether the text
        /// came within `seconds`.
        func waitFor(_ text: String, seconds: Double = 30, then action: (@Sendable () -> Void)? = nil) async -> Bool {
            await onThread {
                let deadline = Date(timeIntervalSinceNow: seconds)
                while !self.output.contains(text), Date() < deadline { self.collect(waitingMilliseconds: 20) }
                let found = self.output.contains(text)
                if found { action?() }
                return found
            }
        }

        /// Runs `body` on a thread of its own, not one of the test runner's few: the tests
        /// running meanwhile need them, and a test may wait seconds to get one back.
        private func onThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: body()) }.start()
            }
        }

        /// Types `keys`, as on a keyboard.
        func type(_ keys: String) {
            var keys = keys
            _ = keys.withUTF8 { write(controller, $0.baseAddress, $0.count) }
        }

        /// The exit code of a process, or the signal that ended it.
        typealias Ending = (exitCode: Int32?, signal: Int32?)

        /// How the process ended, once it has (within `seconds`): its exit code, or the
        /// signal that ended it.
        func end(seconds: Double = 30) async -> Ending? {
            await onThread { self.blockingEnd(seconds: seconds) }
        }

        private func blockingEnd(seconds: Double) -> Ending? {
            let deadline = Date(timeIntervalSinceNow: seconds)
            var status: Int32 = 0
            var ended = false
            while !ended, Date() < deadline {
                // Output not read would stop a process writing it.
                collect(waitingMilliseconds: 20)
                ended = waitpid(pid, &status, WNOHANG) == pid
            }
            // All the output left, which may be more than one read holds.
            while collect(waitingMilliseconds: 0) {}
            guard ended else { return nil }
            let signal = status & 0x7F
            return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
        }

        /// Whether the process has stopped, within `seconds`.
        func stopped(seconds: Double = 30) async -> Bool {
            await onThread {
                let deadline = Date(timeIntervalSinceNow: seconds)
                var status: Int32 = 0
                while Date() < deadline {
                    self.collect(waitingMilliseconds: 20)
                    if waitpid(self.pid, &status, WNOHANG | WUNTRACED) == self.pid { return status & 0xFF == 0x7F }
                }
                return false
            }
        }

        /// Whether the terminal reads lines and echoes them, as a shell leaves it.
        var isInLineMode: Bool {
            var mode = termios()
            guard tcgetattr(terminal, &mode) == 0 else { return false }
            return mode.c_lflag & tcflag_t(ICANON) != 0 && mode.c_lflag & tcflag_t(ECHO) != 0
        }

        /// Reads what output comes within `milliseconds`; whether there was any.
        @discardableResult
        private func collect(waitingMilliseconds milliseconds: Int32) -> Bool {
            var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, milliseconds) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { return false }
            bytes.update { $0 += buffer[..<count] }
            return true
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A recording of the counter example without states, long enough that the replay run
    /// while the prompt waits takes seconds.
    static func longRecording(steps: Int) throws -> String {
        var text = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"# + "\n"
        text.reserveCapacity(steps * 48)
        for seq in 1...steps { text += #"{"seq":\#(seq),"action":{"incrementBy":{"n":1}}}"# + "\n" }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redux-inspect-raw-\(UUID().uuidString).jsonl")
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file.path
    }

    /// Ctrl-C while a coloured value goes to a terminal: the process ends by the signal, as
    /// before, without leaving the colour on for the shell's prompt. The value, 4 MB printed
    /// whole, fills the terminal's buffer, so the process is stopped inside it.
    @Test func anInterruptInsideAColouredValueLeavesNoColourOn() async throws {
        let directory = try CLITemporaryDirectory()
        let note = String(repeating: "a", count: 4 << 20)
        let file = try directory.file(
            "long.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"note":""}}"#,
                #"{"seq":1,"type":"edit","action":{"edit":{}},"state":{"note":"\#(note)"}}"#,
            ])
        let session = try TerminalSession(arguments: ["diff", file, "--full"])
        try #require(await session.waitFor("aaaaaaaa"), "no output: \(session.output.suffix(300))")
        // Not read for a while: the process waits for room to write the rest of the value.
        usleep(300_000)
        kill(session.pid, SIGINT)
        let end = try #require(await session.end(), "still running")
        #expect(end.signal == SIGINT, "\(end)")
        let colours = session.output.matches(of: /\u{1B}\[([0-9;]*)m/).map { String($0.output.1) }
        #expect(colours.count > 1, "coloured output")
        #expect(colours.last == "0", "\(session.output.suffix(200).debugDescription)")
        // No progress line was showing: the row, which holds the value, is not erased.
        #expect(!session.output.hasSuffix("\u{1B}[K"), "\(session.output.suffix(200).debugDescription)")
    }

    /// On a terminal a line is written as soon as it ends: `blame` finds seq 1's change at once
    /// and goes on through a million steps that change nothing, showing its progress. Its
    /// line waited in a buffer until the end, and Ctrl-C on the way lost it. (The process
    /// may have ended by the time the interrupt is sent, on a loaded machine.)
    @Test func aLineFoundIsShownAtOnceAndKeptByAnInterrupt() async throws {
        let directory = try CLITemporaryDirectory()
        var text = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"# + "\n"
        text += #"{"seq":1,"type":"incrementBy","action":{"incrementBy":{"n":1}}}"# + "\n"
        text.reserveCapacity(1_000_000 * 48)
        for seq in 2...1_000_000 { text += #"{"seq":\#(seq),"action":{"incrementBy":{"n":0}}}"# + "\n" }
        let file = try directory.file("still.jsonl", text)
        let session = try TerminalSession(arguments: ["blame", file, "count"])
        try #require(await session.waitFor("blame: step"), "no progress: \(session.output.suffix(300).debugDescription)")
        // The progress line shows only while the walk goes on, after half a second without
        // output: the line found comes before it.
        let line = try #require(session.output.range(of: "incrementBy\u{1B}[0m  0 → 1"), "\(session.output.debugDescription)")
        #expect(line.lowerBound < session.output.range(of: "blame: step")!.lowerBound, "\(session.output.debugDescription)")
        kill(session.pid, SIGINT)
        _ = try #require(await session.end(), "still running")
        #expect(session.output.contains("incrementBy\u{1B}[0m  0 → 1"), "\(session.output.suffix(300).debugDescription)")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, SIGXCPU, SIGSEGV, SIGABRT])
    func aProcessEndedAtThePromptLeavesTheTerminalInLineMode(signal: Int32) async throws {
        let file = try Self.longRecording(steps: 1_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file)
        #expect(session.isInLineMode, "a new terminal")
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        #expect(!session.isInLineMode, "raw mode while the prompt waits")
        kill(session.pid, signal)
        let end = try #require(await session.end(), "still running: \(session.output)")
        #expect(end.signal == signal, "\(end)")
        #expect(session.isInLineMode)
    }

    /// Tab completes a command's name, and a path from the state here, in the line drawn;
    /// Ctrl-R searches the commands typed.
    @Test func tabCompletesCommandsAndPathsAndCtrlRSearches() async throws {
        let file = try Self.longRecording(steps: 1_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file)
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        session.type("go\t3\r")
        #expect(await session.waitFor("seq 3/1000"), "\(session.output)")
        session.type("p co\t")
        #expect(await session.waitFor("(redux-inspect) p count"), "\(session.output)")
        session.type("\r")
        #expect(await session.waitFor("\n3\r\n"), "\(session.output)")
        // Ctrl-R finds an earlier command by what it holds, in the prompt; Enter runs it.
        session.type("goto 7\r")
        #expect(await session.waitFor("seq 7/1000"), "\(session.output)")
        session.type("\u{12}co")
        #expect(await session.waitFor("(reverse-i-search)`co': p count"), "\(session.output)")
        session.type("\r")
        #expect(await session.waitFor("\n7\r\n"), "\(session.output)")
        session.type("quit\r")
        #expect(try #require(await session.end()).exitCode == 0)
    }

    /// `nohup` starts a process ignoring `SIGHUP`: the prompt does not make it end on one.
    @Test func aSignalIgnoredFromTheStartStaysIgnoredAtThePrompt() async throws {
        let file = try Self.longRecording(steps: 1_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file, shell: #"trap "" HUP; "#)
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        kill(session.pid, SIGHUP)
        session.type("goto 7\r")
        #expect(await session.waitFor("seq 7/1000"), "\(session.output)")
        session.type("quit\r")
        #expect(try #require(await session.end()).exitCode == 0)
    }

    /// A `SIGTSTP` from another process stops the session with the terminal in line mode,
    /// and once continued, the prompt is drawn again in raw mode and reads commands.
    @Test func aProcessStoppedAtThePromptLeavesTheTerminalInLineModeUntilContinued() async throws {
        let file = try Self.longRecording(steps: 1_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file)
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        kill(session.pid, SIGTSTP)
        try #require(await session.stopped(), "not stopped: \(session.output)")
        #expect(session.isInLineMode)
        kill(session.pid, SIGCONT)
        // The line drawn, then a new line for the prompt drawn again.
        #expect(await session.waitFor("(redux-inspect) \u{1B}[K\r\n"), "no prompt drawn again: \(session.output)")
        #expect(await session.waitFor("\r\n\r(redux-inspect) "), "no prompt drawn again: \(session.output)")
        #expect(!session.isInLineMode, "raw mode again")
        session.type("goto 7\r")
        #expect(await session.waitFor("seq 7/1000"), "\(session.output)")
        session.type("quit\r")
        #expect(try #require(await session.end()).exitCode == 0)
        #expect(session.isInLineMode)
    }

    /// The replay reads the mapped file, and the fault there ends the process with the guard's
    /// one-line error, written to a terminal already back in line mode.
    @Test func aRecordingCutShortWhileThePromptWaitsLeavesTheTerminalInLineMode() async throws {
        let file = try Self.longRecording(steps: 1_000_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file)
        // Cut as soon as the prompt shows, while the replay has seconds to go.
        let cut = LockedBox(false)
        try #require(
            await session.waitFor("(redux-inspect) ") {
                let raw = !session.isInLineMode
                cut.update { $0 = raw && truncate(file, 0) == 0 }
            },
            "no prompt: \(session.output)")
        #expect(cut.value, "in raw mode, the file was cut")
        let end = try #require(await session.end(seconds: 10), "the replay ended before the file was cut: \(session.output)")
        #expect(end.exitCode == 66, "\(end): \(session.output)")
        #expect(session.output.contains("Error: \(file): the file was cut short while being read; run the command again\r\n"))
        #expect(session.isInLineMode)
    }

    /// Keys typed while the replay runs are read between its slices: a jump typed at once is
    /// made, and the session ends as told.
    @Test func commandsTypedWhileThePromptReplaysAreRun() async throws {
        let file = try Self.longRecording(steps: 1_000_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file)
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        session.type("goto 500000\r")
        #expect(await session.waitFor("seq 500000/1000000"), "\(session.output)")
        #expect(await session.waitFor("count: 499999 → 500000"), "\(session.output)")
        session.type("quit\r")
        let end = try #require(await session.end(), "still running: \(session.output)")
        #expect(end.exitCode == 0, "\(end): \(session.output)")
        #expect(session.isInLineMode)
    }

    /// Where the terminal reads whole lines, a `SIGINT` from another process drops the line
    /// typed so far, as Ctrl-C does, and as it does on a terminal that draws the line.
    @Test(arguments: ["dumb", "xterm"]) func anInterruptSentAtThePromptDropsTheLineTyped(term: String) async throws {
        let file = try Self.longRecording(steps: 1_000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let session = try TerminalSession(step: file, term: term)
        try #require(await session.waitFor("(redux-inspect) "), "no prompt: \(session.output)")
        session.type("goto 5")
        #expect(await session.waitFor("goto 5"), "echoed")
        kill(session.pid, SIGINT)
        // A prompt drawn again below the line, by the signal's handler or the line editor.
        #expect(await session.waitFor(term == "dumb" ? "goto 5\r\n(redux-inspect) " : "goto 5^C\r\n"), "\(session.output)")
        session.type("0\rgoto 7\r")
        #expect(await session.waitFor("seq 7/1000"), "\(session.output)")
        session.type("quit\r")
        #expect(try #require(await session.end()).exitCode == 0)
        #expect(!session.output.contains("seq 50/1000"), "the line dropped was run: \(session.output)")
        #expect(!session.output.contains("seq 5/1000"), "the line dropped was run: \(session.output)")
    }
}
