import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The size each recording had when it was mapped, so that a line found malformed can be told
/// apart from a file that another program cut short since.
///
/// A file truncated while it is mapped loses the pages past its new end: reading one faults,
/// which ``MappedFileGuard`` reports. But the rest of the page the new end falls in stays
/// mapped and reads as zeros, bytes that were never written, which a command would report as
/// a malformed line (exit 65) rather than as a file cut short (exit 66). Before a malformed
/// line is reported, ``wasCutShort(_:line:)`` asks whether the same file (device and inode) is
/// now shorter than it was, and no longer holds that whole line.
///
/// A process-wide table, as the guard's is, kept after the file is unmapped: an error may be
/// reported after its recording is gone. An entry is a few dozen bytes.
enum MappedFileSizes {
    private struct Mapped {
        let device: UInt64
        let inode: UInt64
        let size: Int64
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var sizes: [String: Mapped] = [:]

    /// Notes that `path`, described by `info`, was mapped with its `st_size` bytes. A file
    /// mapped again (a command may open it twice) keeps the larger size: a cut seen by the
    /// first mapping is still one.
    static func note(path: String, _ info: stat) {
        let mapped = Mapped(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size))
        lock.withLock {
            if let known = sizes[path], known.device == mapped.device, known.inode == mapped.inode,
                known.size > mapped.size
            {
                return
            }
            sizes[path] = mapped
        }
    }

    /// Whether the file at `path`, mapped before, is the same file and now shorter than it was
    /// when mapped, with line `line` (1-based) no longer whole in it: a line that still ends
    /// before the new end was read as it is, and is malformed however short the file became.
    static func wasCutShort(_ path: String, line: Int?) -> Bool {
        guard let mapped = lock.withLock({ sizes[path] }) else { return false }
        // Not blocking: the path may have become a FIFO since, which is no file cut short.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, UInt64(info.st_dev) == mapped.device,
            UInt64(info.st_ino) == mapped.inode, Int64(info.st_size) < mapped.size
        else { return false }
        guard let line else { return true }
        return !Self.hasNewlines(line, descriptor)
    }

    /// Whether the file open at `descriptor` holds at least `count` newlines, read from its
    /// start: only on the way to reporting an error, so a plain read is enough.
    private static func hasNewlines(_ count: Int, _ descriptor: Int32) -> Bool {
        let size = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var found = 0
        while true {
            let read = read(descriptor, buffer, size)
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return false }
            var position = buffer
            let end = buffer + read
            while position < end, let newline = memchr(position, 0x0A, end - position) {
                found += 1
                if found >= count { return true }
                position = newline + 1
            }
        }
    }
}

extension RecordingError {
    /// The message of a file cut short while a command read it.
    static let cutShortMessage = "the file was cut short while being read; run the command again"

    /// This error, or, when it is a malformed line of a file that another program has cut
    /// short since the command mapped it, and the line no longer ends in the file, the error
    /// that says so (unreadable: exit 66), as ``MappedFileGuard`` says it for a read past the
    /// new end.
    func preferringCutShort() -> RecordingError {
        guard kind == .malformed, MappedFileSizes.wasCutShort(path, line: line) else { return self }
        return .cutShort(path)
    }

    /// The error of the file at `path` cut short while a command read it (unreadable: exit 66).
    static func cutShort(_ path: String) -> RecordingError {
        RecordingError(.unreadable, path: path, message: cutShortMessage)
    }
}

extension InspectorError {
    /// This error, with a malformed line of a file cut short since reported as such (see
    /// ``RecordingError/preferringCutShort()``).
    func preferringCutShort() -> InspectorError {
        guard case .recording(let error) = self else { return self }
        return .recording(error.preferringCutShort())
    }
}
