import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing bytes to a file descriptor to the end: `write(2)` may take fewer bytes than given,
/// and may be interrupted by a signal before taking any.
enum FileDescriptorWrite {
    /// Writes all of `bytes` to `descriptor`.
    ///
    /// - Returns: The `errno` of the write that failed (a full disk, a closed pipe when
    ///   SIGPIPE is ignored), after which nothing more was written; `nil` when all was.
    static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
