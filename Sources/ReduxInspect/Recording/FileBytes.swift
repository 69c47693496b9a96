import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a file, memory-mapped when it is a regular file so that a recording of
/// gigabytes costs address space, not memory; read whole otherwise (pipes, `/dev/stdin`).
final class FileBytes: @unchecked Sendable {
    // Unchecked Sendable: the bytes are immutable after `init`.
    let buffer: UnsafeBufferPointer<UInt8>
    /// The whole mapping, when the file is mapped; `buffer` may start inside it.
    private let mapping: UnsafeRawBufferPointer?
    /// The mapping's slot in ``MappedFileGuard``, when it is guarded.
    private var guardSlot: Int?

    /// Opens and maps or reads the file.
    ///
    /// - Throws: ``RecordingError`` of kind `.notFound` or `.unreadable`.
    convenience init(path: String) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let kind: RecordingError.Kind = code == ENOENT || code == ENOTDIR ? .notFound : .unreadable
            let reason = code == ENOENT || code == ENOTDIR ? "no such file" : String(cString: strerror(code))
            throw RecordingError(kind, path: path, message: reason)
        }
        defer { close(descriptor) }
        try self.init(descriptor: descriptor, path: path)
    }

    /// Maps or reads an open file from its current offset to its end, without closing it:
    /// standard input, for a recording given as `-`. Redirected from a file (`< big.jsonl`),
    /// it is mapped like a named file; a pipe is read into one buffer, so that a recording
    /// piped in costs its size in memory once.
    ///
    /// - Parameters:
    ///   - descriptor: The open file.
    ///   - path: What messages call it, such as `<stdin>`.
    /// - Throws: ``RecordingError`` of kind `.unreadable`, also for a terminal: nobody types a
    ///   recording, and waiting for one would look like a hang.
    init(descriptor: Int32, path: String) throws(RecordingError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
        }
        // A device such as /dev/zero or /dev/urandom never ends: reading it whole would take
        // all the memory there is. Pipes and FIFOs (`/dev/stdin`, `<(…)`) are read.
        let type = info.st_mode & S_IFMT
        if type == S_IFCHR && isatty(descriptor) == 1 {
            throw RecordingError(
                .unreadable, path: path, message: "is a terminal, not a recording file (pipe or redirect one into it)")
        }
        if type == S_IFCHR && Self.isNullDevice(info) {
            // `< /dev/null`, as scripts give a command no input: an empty recording.
            buffer = try Self.readToEnd(-1, path: path)
            mapping = nil
            return
        }
        if type == S_IFDIR || type == S_IFCHR || type == S_IFBLK {
            throw Self.notARecording(path, mode: info.st_mode)
        }
        if type == S_IFREG && info.st_size > 0 {
            // Standard input may have been read in part before (`{ head -1; redux-inspect log -; } < f`):
            // the recording is what is left of it.
            let offset = max(Int(lseek(descriptor, 0, SEEK_CUR)), 0)
            let size = Int(info.st_size)
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
            }
            _ = madvise(address, size, MADV_SEQUENTIAL)
            mapping = UnsafeRawBufferPointer(start: address, count: size)
            let start = address.assumingMemoryBound(to: UInt8.self) + min(offset, size)
            buffer = UnsafeBufferPointer(start: start, count: size - min(offset, size))
            guardSlot = MappedFileGuard.add(buffer, path: path)
            return
        }
        buffer = try Self.readToEnd(descriptor, path: path)
        mapping = nil
    }

    /// Whether `info` describes `/dev/null`, which reads as empty, unlike the other devices.
    private static func isNullDevice(_ info: stat) -> Bool {
        var null = stat()
        return stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev && (null.st_mode & S_IFMT) == S_IFCHR
    }

    /// Reads the rest of a file that cannot be mapped into memory it allocates, growing it in
    /// place where it can (`realloc`), so that the bytes are never held twice. A negative
    /// `descriptor` reads nothing.
    private static func readToEnd(_ descriptor: Int32, path: String) throws(RecordingError) -> UnsafeBufferPointer<UInt8> {
        var capacity = 1 << 16
        var count = 0
        guard var storage = malloc(capacity) else {
            throw RecordingError(.unreadable, path: path, message: "out of memory")
        }
        while descriptor >= 0 {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(storage, capacity) else {
                    free(storage)
                    throw RecordingError(.unreadable, path: path, message: "out of memory after \(count) bytes")
                }
                storage = grown
            }
            let read = read(descriptor, storage + count, capacity - count)
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                free(storage)
                if code == EISDIR { throw Self.notARecording(path, mode: S_IFDIR) }
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(code)))
            }
            if read == 0 { break }
            count += read
        }
        return UnsafeBufferPointer(start: storage.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// The error for a file that is not a regular file, by what it is: "is a FIFO, not a
    /// recording file". Opening it reads the file as a recording, so this names why not.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - mode: Its `st_mode`, or just its type bits.
    static func notARecording(_ path: String, mode: mode_t) -> RecordingError {
        let what: String
        switch mode & S_IFMT {
        case S_IFDIR: what = "a directory"
        case S_IFIFO: what = "a FIFO"
        case S_IFSOCK: what = "a socket"
        case S_IFCHR, S_IFBLK: what = "a device"
        default: what = "a special file"
        }
        return RecordingError(.unreadable, path: path, message: "is \(what), not a recording file")
    }

    /// Wraps bytes held in memory (for tests and in-process callers).
    init(bytes: [UInt8]) {
        // `malloc`, as ``readToEnd(_:path:)`` uses, so that `deinit` frees both alike.
        let storage = malloc(max(bytes.count, 1))!.assumingMemoryBound(to: UInt8.self)
        _ = UnsafeMutableBufferPointer(start: storage, count: bytes.count).initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage, count: bytes.count)
        mapping = nil
    }

    deinit {
        if let guardSlot { MappedFileGuard.remove(guardSlot) }
        if let mapping {
            munmap(UnsafeMutableRawPointer(mutating: mapping.baseAddress), mapping.count)
        } else {
            free(UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
    }
}
