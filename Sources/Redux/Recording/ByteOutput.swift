/// Where encoded bytes go: an array, or the streaming encoder's ``OutputBuffer``. Formatters
/// that serve both (numbers, timestamps) are generic over it, specialized for each.
protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteOutput where Element == UInt8 {
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}
