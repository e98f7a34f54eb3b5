/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The PDF standard security handler's keys and ciphers, from qpdf's C++ API (its C API has
 * none): the file key a password gives, the key of one object, RC4 and AES-CBC.  Used to
 * encrypt the objects an incremental update appends to an encrypted document.  Internal to
 * the library (the names do not start with "pdftools_").  No C++ exception leaves these
 * functions: failures return -1.
 */
#ifndef PDFT_CRYPTO_H
#define PDFT_CRYPTO_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The entries of an /Encrypt dictionary (and the first /ID string) that keys depend on. */
typedef struct pdft_encryption {
  int V, R, length_bytes, P, encrypt_metadata;
  const unsigned char *O, *U, *OE, *UE, *perms, *id1;
  size_t O_size, U_size, OE_size, UE_size, perms_size, id1_size;
} pdft_encryption;

/** The file key the password (user or owner; for revisions 2 to 4 the user password, which
 * qpdf recovers from the owner password) gives, into out (room for 32 bytes); its length,
 * or -1. */
int pdft_file_key(const pdft_encryption *encryption, const unsigned char *password, size_t password_size,
                  unsigned char *out);

/** The key of object (number, generation) for RC4 (aes 0) or AES-128 (aes 1) into out (room
 * for 32 bytes); its length, or -1.  AES-256 (V 5) uses the file key itself. */
int pdft_object_key(const unsigned char *file_key, size_t key_size, int number, int generation, int aes, int V,
                    int R, unsigned char *out);

/** RC4 of size bytes of in into out (the same size); 0, or -1. */
int pdft_rc4(const unsigned char *key, size_t key_size, const unsigned char *in, size_t size, unsigned char *out);

/** AES-CBC (key of 16 or 32 bytes) of size bytes of in, as PDF writes it: a random 16-byte
 * initialisation vector, then the data padded to whole blocks (PKCS #7), into out (room for
 * size + 32 bytes); the bytes written, or -1. */
long pdft_aes_encrypt(const unsigned char *key, size_t key_size, const unsigned char *in, size_t size,
                      unsigned char *out);

#ifdef __cplusplus
}
#endif

#endif
