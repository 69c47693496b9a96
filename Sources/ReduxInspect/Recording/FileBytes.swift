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
    private let isMapped: Bool
    /// The mapping's slot in ``MappedFileGuard``, when it is guarded.
    private var guardSlot: Int?

    /// Opens and maps or reads the file.
    ///
    /// - Throws: ``RecordingError`` of kind `.notFound` or `.unreadable`.
    init(path: String) throws(RecordingError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let kind: RecordingError.Kind = code == ENOENT || code == ENOTDIR ? .notFound : .unreadable
            let reason = code == ENOENT || code == ENOTDIR ? "no such file" : String(cString: strerror(code))
            throw RecordingError(kind, path: path, message: reason)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
        }
        // A device such as /dev/zero or /dev/urandom never ends: reading it whole would take
        // all the memory there is. Pipes and FIFOs (`/dev/stdin`, `<(…)`) are read.
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR || type == S_IFCHR || type == S_IFBLK {
            throw Self.notARecording(path, mode: info.st_mode)
        }
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 {
            let size = Int(info.st_size)
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
            }
            _ = madvise(address, size, MADV_SEQUENTIAL)
            buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
            isMapped = true
            guardSlot = MappedFileGuard.add(buffer, path: path)
            return
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EISDIR { throw Self.notARecording(path, mode: S_IFDIR) }
                throw RecordingError(.unreadable, path: path, message: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
        isMapped = false
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
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        buffer = UnsafeBufferPointer(start: storage.baseAddress, count: bytes.count)
        isMapped = false
    }

    deinit {
        if let guardSlot { MappedFileGuard.remove(guardSlot) }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            UnsafeMutableBufferPointer(mutating: buffer).deallocate()
        }
    }
}
