/* SPDX-License-Identifier: GPL-3.0-or-later */
// The PDF standard security handler's keys and ciphers from qpdf's C++ API; see pdft_crypto.h.
#include "pdft_crypto.h"

// qpdf's headers warn unless told which PointerHolder they may use; this file needs none.
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFCryptoProvider.hh>

#include <cstring>
#include <memory>
#include <string>

namespace {
std::string bytes(const unsigned char *data, size_t size) {
  return data && size > 0 ? std::string(reinterpret_cast<const char *>(data), size) : std::string();
}

int copy_out(const std::string &key, unsigned char *out) {
  if (key.empty() || key.size() > 32) return -1;
  std::memcpy(out, key.data(), key.size());
  return static_cast<int>(key.size());
}
}  // namespace

extern "C" int pdft_file_key(const pdft_encryption *e, const unsigned char *password, size_t password_size,
                             unsigned char *out) {
  if (!e || !out) return -1;
  try {
    QPDF::EncryptionData data(e->V, e->R, e->length_bytes, e->P, bytes(e->O, e->O_size), bytes(e->U, e->U_size),
                              bytes(e->OE, e->OE_size), bytes(e->UE, e->UE_size), bytes(e->perms, e->perms_size),
                              bytes(e->id1, e->id1_size), e->encrypt_metadata != 0);
    return copy_out(QPDF::compute_encryption_key(bytes(password, password_size), data), out);
  } catch (...) {
    return -1;
  }
}

extern "C" int pdft_object_key(const unsigned char *file_key, size_t key_size, int number, int generation, int aes,
                               int V, int R, unsigned char *out) {
  if (!file_key || !out) return -1;
  try {
    return copy_out(QPDF::compute_data_key(bytes(file_key, key_size), number, generation, aes != 0, V, R), out);
  } catch (...) {
    return -1;
  }
}

extern "C" int pdft_rc4(const unsigned char *key, size_t key_size, const unsigned char *in, size_t size,
                        unsigned char *out) {
  if (!key || (size > 0 && (!in || !out))) return -1;
  try {
    auto crypto = QPDFCryptoProvider::getImpl();
    crypto->RC4_init(key, static_cast<int>(key_size));
    if (size > 0) crypto->RC4_process(in, size, out);
    crypto->RC4_finalize();
    return 0;
  } catch (...) {
    return -1;
  }
}

extern "C" long pdft_aes_encrypt(const unsigned char *key, size_t key_size, const unsigned char *in, size_t size,
                                 unsigned char *out) {
  constexpr size_t block = QPDFCryptoImpl::rijndael_buf_size;
  if (!key || (key_size != 16 && key_size != 32) || !out || (size > 0 && !in)) return -1;
  try {
    auto crypto = QPDFCryptoProvider::getImpl();
    unsigned char chain[block];
    crypto->provideRandomData(chain, block);
    std::memcpy(out, chain, block);
    size_t written = block;
    // Electronic codebook on single blocks, chained here: out = E(in XOR previous). The
    // block given is the (zero) initialisation vector some implementations need even then.
    unsigned char zero[block] = {0};
    crypto->rijndael_init(true, key, key_size, false, zero);
    size_t blocks = size / block + 1;
    for (size_t i = 0; i < blocks; i++) {
      unsigned char input[block];
      size_t offset = i * block;
      size_t take = offset < size ? (size - offset < block ? size - offset : block) : 0;
      if (take > 0) std::memcpy(input, in + offset, take);
      // The last block carries the padding: n bytes of value n (16 when the data fills whole blocks).
      if (take < block) std::memset(input + take, static_cast<int>(block - take), block - take);
      for (size_t j = 0; j < block; j++) input[j] ^= chain[j];
      crypto->rijndael_process(input, out + written);
      std::memcpy(chain, out + written, block);
      written += block;
    }
    crypto->rijndael_finalize();
    return static_cast<long>(written);
  } catch (...) {
    return -1;
  }
}
